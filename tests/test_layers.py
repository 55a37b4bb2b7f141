"""The ground floor knows no floor above: `common` imports nothing of the project, so any app
can use it without a cycle; and the benchmarks (`bench/`) stand beside the product, which never
imports them (tests/risk/test_layers.py keeps the risk app's own rules)."""

import ast
from pathlib import Path

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
