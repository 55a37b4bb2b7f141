from django.core.management.base import CommandError

from api.scopes import ALL_SCOPES
from common.commands import JsonCommand
from providers import selectors, services


class Command(JsonCommand):
    help = "Issue an expiring bearer token for a provider, optionally narrowed to some scopes."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        parser.add_argument(
            "--scope", action="append", choices=ALL_SCOPES, dest="scopes", metavar="SCOPE"
        )
        parser.add_argument("--ttl", type=int, default=None, metavar="SECONDS")

    def handle(self, *args, **options):
        provider = selectors.get_provider(options["provider"])
        if provider is None:
            raise CommandError(f"provider {options['provider']} does not exist")
        with self.domain_errors():
            issued = services.issue_token(
                provider=provider, scopes=options["scopes"], ttl_seconds=options["ttl"]
            )
        self.emit(
            options,
            {
                "token": issued.value,
                "scopes": issued.token.scopes,
                "expiresOn": issued.token.expires_on.isoformat().replace("+00:00", "Z"),
            },
        )
