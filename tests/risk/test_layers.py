"""Imports go one way around the risk app: it imports nothing above it (reviews, demo, ops),
and nothing below it imports it (or reviews): they call up through hooks (common.hooks)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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


def imported_apps(package: str) -> dict[str, set[str]]:
    """{module path: the top-level packages it imports}, migrations left out."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


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
