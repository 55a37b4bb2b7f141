"""Demo wiring: the demo provider's ledger is the sandbox ledger of this same server."""

from django.conf import settings

from ledger.sandbox.handle import SandboxLedger, wire_sandbox_ledger
from providers.models import Provider

# A source that starts nearly empty, to show an authorize denied for insufficient funds.
LOW_BALANCE_SOURCE = "card-demo-carmen"
LOW_BALANCE_MINOR = 2_500


def seed_ledger(*, provider: Provider, base_url: str) -> SandboxLedger | None:
    if not settings.SANDBOX_LEDGER_ENABLED:
        return None
    # Re-seeding keeps the key and follows a changed base URL.
    handle = wire_sandbox_ledger(provider.id, base_url, fresh_key=False)
    if not handle.is_open(LOW_BALANCE_SOURCE):
        handle.set_balance(LOW_BALANCE_SOURCE, LOW_BALANCE_MINOR)
    return handle
