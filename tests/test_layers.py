"""Imports go one way (docs/decisions/app-layers.md). The ground floor knows no floor above:
`common` imports nothing of the project, so any app can use it without a cycle. The domain
apps import down their chain only (providers ← participants ← limits ← payments ← reviews);
the ledger imports none of them, `api` (the shared HTTP plumbing) no domain app, and `events`
(the outbox and webhooks) knows no domain; `ops` sits on top, rendering what the others count
(common.metrics), and no app imports it. The benchmarks (`bench/`) stand beside the product,
which never imports them (tests/risk/test_layers.py keeps the risk app's own rules)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def project_packages() -> set[str]:
    """Every top-level package of the checkout (a folder with an __init__.py)."""
    return {path.parent.name for path in ROOT.glob("*/__init__.py")}


def imports_of(package: str) -> dict[str, set[str]]:
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


def test_common_imports_no_project_package():
    others = project_packages() - {"common"}
    offending = {path: sorted(names & others) for path, names in imports_of("common").items()}
    assert {path: names for path, names in offending.items() if names} == {}


def test_the_check_sees_the_project():
    # A walk that found nothing would pass anything.
    assert {"common", "api", "payments", "reviews"} <= project_packages()
    assert "common/commands.py" in imports_of("common")


def test_no_product_package_imports_the_benchmarks():
    product = project_packages() - {"bench", "tests"}
    offending = {
        path: "bench"
        for package in product
        for path, names in imports_of(package).items()
        if "bench" in names
    }
    assert offending == {}


CHAIN = ("providers", "participants", "limits", "payments", "reviews")
DOMAIN = {*CHAIN, "risk", "ledger"}
# The composition root (settings, URLs, the Celery app) wires ops in; it is no app.
NOT_APPS = {"config", "ops", "tests", "bench"}

# Every rule below: {app: the packages it must not import}.
FORBIDDEN = {
    **{app: set(CHAIN[n + 1 :]) for n, app in enumerate(CHAIN)},
    "ledger": set(CHAIN),
    "api": DOMAIN | {"events"},
    "events": DOMAIN,
}

# Known exceptions, each with its reason; test_every_exception_is_still_needed drops stale ones.
EXCEPTIONS = {
    ("ledger", "providers"): "its rows belong to a provider, the tenant (a foreign key to "
    "providers.Provider), and a registration locks the provider row",
    ("events", "providers"): "events and webhook endpoints belong to a provider, the tenant "
    "(a foreign key to providers.Provider)",
}


def _crossings(app: str, forbidden: set[str]) -> dict[str, list[str]]:
    allowed = {other for (owner, other) in EXCEPTIONS if owner == app}
    found = {path: sorted(names & (forbidden - allowed)) for path, names in imports_of(app).items()}
    return {path: names for path, names in found.items() if names}


@pytest.mark.parametrize("app", sorted(FORBIDDEN))
def test_imports_go_down_the_layers(app):
    assert _crossings(app, FORBIDDEN[app]) == {}


@pytest.mark.parametrize("app", sorted(project_packages() - NOT_APPS))
def test_no_app_imports_ops(app):
    assert _crossings(app, {"ops"}) == {}


@pytest.mark.parametrize(("app", "other"), sorted(EXCEPTIONS))
def test_every_exception_is_still_needed(app, other):
    assert any(other in names for names in imports_of(app).values()), EXCEPTIONS[app, other]


def test_the_rules_name_real_packages():
    named = set(FORBIDDEN).union(*FORBIDDEN.values())
    assert named <= project_packages()
