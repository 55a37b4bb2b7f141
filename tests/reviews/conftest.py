import pytest

from tests.risk.conftest import analyst, no_rules

# no_rules is autouse here too: review tests state the rules they need.
__all__ = ["analyst", "no_rules"]


@pytest.fixture(autouse=True)
def fast_retries(settings):
    """Ledger retries (payouts against the sandbox ledger) without waiting out the backoff."""
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20
