"""Imports go one way around the risk app: it imports nothing above it (reviews, demo, ops),
and nothing below it imports it (or reviews): they call up through hooks (common.hooks)."""

import pytest

from tests.test_layers import imports_of as imported_apps

ABOVE_RISK = ("reviews", "demo", "ops")
BELOW_RISK = (
    "common",
    "api",
    "providers",
    "participants",
    "limits",
    "payments",
    "ledger",
    "events",
)


def test_risk_imports_nothing_above_it():
    offending = {
        path: sorted(names & set(ABOVE_RISK)) for path, names in imported_apps("risk").items()
    }
    assert {path: names for path, names in offending.items() if names} == {}


@pytest.mark.parametrize("package", BELOW_RISK)
def test_nothing_below_imports_risk_or_reviews(package):
    offending = {
        path: sorted(names & {"risk", "reviews"}) for path, names in imported_apps(package).items()
    }
    assert {path: names for path, names in offending.items() if names} == {}
