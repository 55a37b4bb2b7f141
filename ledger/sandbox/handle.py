"""A provider wired to the sandbox ledger, and a handle to look at and steer its books.

Used by the test suite (the `sandbox_ledger` fixture), the demo seed and staff commands.
"""

from django.conf import settings
from jwcrypto import jwk

from ledger.sandbox import services
from ledger.sandbox.models import SandboxAccount, SandboxFaults, SandboxHold, SandboxOperation


class SandboxLedger:
    def __init__(self, provider_id: str, base_url: str, key: jwk.JWK | None = None):
        self.provider_id = provider_id
        self.base_url = base_url.rstrip("/")
        self.urls = services.sandbox_urls(provider_id, self.base_url)
        self.key = key  # the shared JWK when the wiring generated it

    def set_balance(self, funding_source: str, amount_minor: int, currency: str = "USD") -> None:
        services.set_balance(
            provider_id=self.provider_id,
            funding_source=funding_source,
            amount_minor=amount_minor,
            currency=currency,
        )

    def _account(self, funding_source: str) -> SandboxAccount | None:
        return SandboxAccount.objects.filter(
            provider_id=self.provider_id, funding_source=funding_source
        ).first()

    def is_open(self, funding_source: str) -> bool:
        """Whether the source has been funded or used (else it opens at the default balance)."""
        return self._account(funding_source) is not None

    def balance(self, funding_source: str) -> int:
        """Available minor units (the opening balance for a source never seen)."""
        account = self._account(funding_source)
        return (
            settings.SANDBOX_LEDGER_OPENING_BALANCE if account is None else account.available_minor
        )

    def held(self, funding_source: str) -> int:
        account = self._account(funding_source)
        return 0 if account is None else account.held_minor

    def holds(self, payout_id: str | None = None) -> list[SandboxHold]:
        rows = SandboxHold.objects.filter(provider_id=self.provider_id)
        if payout_id is not None:
            rows = rows.filter(payout_id=payout_id)
        return list(rows.order_by("created_on", "reference"))

    def operations(self, endpoint: str | None = None) -> list[SandboxOperation]:
        rows = SandboxOperation.objects.filter(provider_id=self.provider_id)
        if endpoint is not None:
            rows = rows.filter(endpoint=endpoint)
        return list(rows.order_by("created_on", "id"))

    def set_faults(self, **settings) -> SandboxFaults:
        """Replace the fault settings (`services.set_faults` names them and their defaults)."""
        return services.set_faults(provider_id=self.provider_id, **settings)

    def faults(self) -> SandboxFaults | None:
        """The fault settings with their injected-fault counters."""
        return SandboxFaults.objects.filter(provider_id=self.provider_id).first()


def wire_sandbox_ledger(
    provider_id: str, base_url: str, *, fresh_key: bool = True
) -> SandboxLedger:
    """Register the provider's ledger at `{base_url}/sandbox/ledger/<providerID>/...`."""
    registered = services.wire(provider_id=provider_id, base_url=base_url, fresh_key=fresh_key)
    return SandboxLedger(provider_id, base_url, key=registered.generated_key)
