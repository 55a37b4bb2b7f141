import pytest

from tests.reviews.admin_support import staff_user
from tests.risk.conftest import no_rules

__all__ = ["no_rules"]  # autouse here too: review tests state the rules they need


@pytest.fixture
def analyst():
    """A staff user in the "Risk analyst" group."""
    return staff_user("ana_analyst")


@pytest.fixture(autouse=True)
def fast_retries(settings):
    """Ledger retries (payouts against the sandbox ledger) without waiting out the backoff."""
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20
