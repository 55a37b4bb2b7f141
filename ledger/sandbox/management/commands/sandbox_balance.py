from django.conf import settings
from django.core.management.base import CommandError

from common.commands import JsonCommand
from ledger.sandbox import services
from ledger.sandbox.models import SandboxAccount


class Command(JsonCommand):
    help = "Show or set the available balance of a funding source in a provider's sandbox ledger."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        parser.add_argument(
            "--funding-source", required=True, metavar="PROVIDER_SOURCE_ID", help="providerSourceID"
        )
        parser.add_argument("--set", type=int, dest="amount_minor", metavar="MINOR_UNITS")
        parser.add_argument("--currency", default="USD")

    def handle(self, *args, **options):
        if not settings.SANDBOX_LEDGER_ENABLED:
            raise CommandError("The sandbox ledger is not enabled (SANDBOX_LEDGER_ENABLED).")
        provider_id, source = options["provider"], options["funding_source"]
        if options["amount_minor"] is not None:
            with self.domain_errors():
                account = services.set_balance(
                    provider_id=provider_id,
                    funding_source=source,
                    amount_minor=options["amount_minor"],
                    currency=options["currency"],
                )
        else:
            account = SandboxAccount.objects.filter(
                provider_id=provider_id, funding_source=source
            ).first()
        data = {"providerID": provider_id, "fundingSource": source}
        if account is None:
            data.update(
                currency=None,
                availableMinor=settings.SANDBOX_LEDGER_OPENING_BALANCE,
                heldMinor=0,
                opened=False,
            )
        else:
            data.update(
                currency=account.currency,
                availableMinor=account.available_minor,
                heldMinor=account.held_minor,
                opened=True,
            )
        self.emit(options, data)
