import pytest

from risk.models import RiskListEntry, RiskRule
from tests.reviews.admin_support import staff_user


@pytest.fixture(autouse=True)
def no_rules(db):
    """Every test starts with no rules and empty lists and adds what it needs: the default
    rules are a migration's rows, present or not depending on what ran before."""
    RiskRule.objects.all().delete()
    RiskListEntry.objects.all().delete()


@pytest.fixture
def analyst():
    """A staff user in the "Risk analyst" group."""
    return staff_user("ana_analyst")
