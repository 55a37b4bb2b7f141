import pytest

from reviews.models import RiskListEntry, RiskRule
from tests.reviews.admin_support import staff_user


@pytest.fixture
def analyst():
    """A staff user in the "Risk analyst" group."""
    return staff_user("ana_analyst")


@pytest.fixture(autouse=True)
def no_rules(db):
    """Every test starts with no rules and empty lists and adds what it needs: the default
    rules are a migration's rows, present or not depending on what ran before."""
    RiskRule.objects.all().delete()
    RiskListEntry.objects.all().delete()


@pytest.fixture(autouse=True)
def fast_retries(settings):
    """Ledger retries (payouts against the sandbox ledger) without waiting out the backoff."""
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20
