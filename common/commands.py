"""Shared behaviour of staff management commands: `--json` output and error reporting.

With `--json` a command prints one JSON object: its result, or, when it fails, a problem
document (RFC 9457 members: `type`, `title`, `status`, `detail`) and a non-zero exit, so a
script never has to parse an error sentence."""

import json
import sys
from contextlib import contextmanager

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError

from common.errors import DomainError
from common.problems import problem_body

# Options naming a provider: checked before the command runs, so an unknown provider is
# reported as such (not as "no participant matches within this provider").
PROVIDER_OPTIONS = ("provider", "recipient_provider", "payer_provider")


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
            self.stdout.write(human or human_text(data))

    @contextmanager
    def domain_errors(self):
        try:
            yield
        except DomainError as exc:
            raise CommandError(str(exc)) from exc

    def execute(self, *args, **options):
        self._check_providers(options)
        return super().execute(*args, **options)

    def _check_providers(self, options) -> None:
        provider_model = apps.get_model("providers", "Provider")
        for name in PROVIDER_OPTIONS:
            value = options.get(name)
            if value and not provider_model.objects.filter(pk=value).exists():
                flag = "--" + name.replace("_", "-")
                raise CommandError(f"Provider {value!r} does not exist ({flag}).")

    def run_from_argv(self, argv):
        if "--json" not in argv:
            return super().run_from_argv(argv)
        parser = self.create_parser(argv[0], argv[1])
        options = vars(parser.parse_args(argv[2:]))
        args = options.pop("args", ())
        try:
            self.execute(*args, **options)
        except CommandError as exc:
            self.stdout.write(json.dumps(problem_of(exc)))
            sys.exit(exc.returncode or 1)


def human_text(data: dict, indent: int = 0) -> str:
    """Readable lines for a person (never Python reprs or JSON): `key: value`; a list of plain
    values joined with commas; a mapping, or a list of mappings, indented beneath its key."""
    pad = "  " * indent
    lines = []
    for key, value in data.items():
        if isinstance(value, dict):
            lines.append(f"{pad}{key}:" if value else f"{pad}{key}: (none)")
            if value:
                lines.append(human_text(value, indent + 1))
        elif isinstance(value, list | tuple) and any(isinstance(item, dict) for item in value):
            lines.append(f"{pad}{key}:")
            for item in value:
                text = human_text(item, indent + 2) if isinstance(item, dict) else _plain(item)
                lines.append(f"{pad}  - {text.lstrip()}")
        elif isinstance(value, list | tuple):
            lines.append(f"{pad}{key}: {', '.join(_plain(item) for item in value) or '(none)'}")
        else:
            lines.append(f"{pad}{key}: {_plain(value)}")
    return "\n".join(lines)


def _plain(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def problem_of(exc: CommandError) -> dict:
    """The problem document of a failed command: the domain error's type, title and status
    when one caused it, else a plain 400 (bad arguments or state)."""
    cause = exc.__cause__
    if isinstance(cause, DomainError):
        return problem_body(cause.status, code=cause.code, title=cause.title, detail=str(exc))
    return problem_body(400, detail=str(exc))
