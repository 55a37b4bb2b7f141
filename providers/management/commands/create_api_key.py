from django.core.management.base import CommandError

from api.scopes import ALL_SCOPES
from common.commands import JsonCommand
from providers import selectors, services


class Command(JsonCommand):
    help = "Create an API key for a provider (all scopes unless --scope is given)."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        parser.add_argument(
            "--scope", action="append", choices=ALL_SCOPES, dest="scopes", metavar="SCOPE"
        )
        parser.add_argument("--label", default="")

    def handle(self, *args, **options):
        provider = selectors.get_provider(options["provider"])
        if provider is None:
            raise CommandError(f"provider {options['provider']} does not exist")
        with self.domain_errors():
            issued = services.create_api_key(
                provider=provider, scopes=options["scopes"], label=options["label"]
            )
        self.emit(
            options,
            {
                "apiKeyID": issued.api_key.id,
                "apiKeySecret": issued.secret,
                "scopes": issued.api_key.scopes,
            },
        )
