import pytest

from risk.models import RiskListEntry, RiskRule


@pytest.fixture(autouse=True)
def no_rules(db):
    """Every test starts with no rules and empty lists and adds what it needs: the default
    rules are a migration's rows, present or not depending on what ran before."""
    RiskRule.objects.all().delete()
    RiskListEntry.objects.all().delete()
