"""Shared behaviour of staff management commands: `--json` output and error reporting."""

import json
from contextlib import contextmanager

from django.core.management.base import BaseCommand, CommandError

from common.errors import DomainError


class JsonCommand(BaseCommand):
    """A command that prints one JSON object with --json, readable lines otherwise."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        return parser

    def emit(self, options, data: dict, human: str | None = None) -> None:
        if options.get("json"):
            self.stdout.write(json.dumps(data, sort_keys=False))
        else:
            self.stdout.write(human or "\n".join(f"{key}: {value}" for key, value in data.items()))

    @contextmanager
    def domain_errors(self):
        try:
            yield
        except DomainError as exc:
            raise CommandError(str(exc)) from exc
