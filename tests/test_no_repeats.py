"""No block of six lines is said twice in the product's code (docs/decisions/code-layout.md).

The product packages' modules (not tests, benchmarks or migrations) are read as their
significant lines: whitespace collapsed, without blank lines, imports, docstrings, comments
and lines that repeat by nature (a closing bracket, `else:`). Every run of six such lines that
appears in two places fails the test, named by file and line range, unless it is allowed
below with its reason."""

import ast
import io
import re
import tokenize
from collections import defaultdict
from pathlib import Path

from tests.test_layers import ROOT, project_packages

WINDOW = 6
NOT_PRODUCT = {"tests", "bench"}

# Lines that say nothing on their own: brackets, punctuation and the keyword-only marker
# (`*,`), and bare keywords.
TRIVIAL = re.compile(r"[\s()\[\]{},:;*]*|else:|try:|finally:|pass|return|continue|break")

# Files (glob patterns) whose repeats are allowed, each with its reason: a repeat is allowed
# when every place it appears matches one. None is needed today.
ALLOWED: dict[str, str] = {}


def product_modules() -> list[Path]:
    found = []
    for package in sorted(project_packages() - NOT_PRODUCT):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found.append(path)
    return found


def _unsaid(source: str) -> set[int]:
    """Line numbers of imports, docstrings and comment-only lines."""
    lines = set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            lines.update(range(node.lineno, node.end_lineno + 1))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                lines.update(range(body[0].lineno, body[0].end_lineno + 1))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and not token.line[: token.start[1]].strip():
            lines.add(token.start[0])
    return lines


def significant_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, the line with its whitespace collapsed) for each line that says something."""
    source = path.read_text()
    unsaid = _unsaid(source)
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        text = " ".join(line.split())
        if number in unsaid or TRIVIAL.fullmatch(text):
            continue
        found.append((number, text))
    return found


def _allowed(path: str) -> bool:
    return any(Path(path).match(pattern) for pattern in ALLOWED)


def repeats(paths: list[Path], root: Path = ROOT) -> list[list[str]]:
    """Each repeated block as the places it appears ("path:first-last"), overlapping windows
    of one repeat merged into one range per place."""
    seen = defaultdict(list)
    for path in paths:
        lines = significant_lines(path)
        name = str(path.relative_to(root))
        for start in range(len(lines) - WINDOW + 1):
            window = lines[start : start + WINDOW]
            seen[tuple(text for _, text in window)].append((name, start, window))
    # Merge: a place whose window starts one significant line after a repeated window's place.
    runs: dict[tuple, list] = {}
    previous: dict[tuple[str, int], tuple] = {}
    for places in seen.values():
        if len(places) < 2 or all(_allowed(name) for name, _, _ in places):
            continue
        signature = tuple((name, start) for name, start, _ in places)
        earlier = tuple((name, start - 1) for name, start, _ in places)
        run = previous.get(earlier)
        if run is None:
            run = runs[signature] = [
                [name, window[0][0], window[-1][0]] for name, _, window in places
            ]
        else:
            for ends, (_, _, window) in zip(run, places, strict=True):
                ends[2] = window[-1][0]
        previous[signature] = run
    return [[f"{name}:{first}-{last}" for name, first, last in run] for run in runs.values()]


def test_no_block_of_six_lines_is_repeated():
    found = repeats(product_modules())
    assert found == [], "\n".join(" = ".join(places) for places in found)


def test_the_check_finds_a_repeat(tmp_path):
    block = "\n".join(f"value_{n} = compute({n}, limit=LIMIT)" for n in range(WINDOW + 1))
    first, second = tmp_path / "first.py", tmp_path / "second.py"
    first.write_text('"""A docstring."""\nimport os\n\n# a comment\n' + block + "\nx = (\n)\n")
    second.write_text("x = 1\n" + block.replace("\n", "\n\n") + "\n")
    assert repeats([first, second], tmp_path) == [["first.py:5-11", "second.py:2-14"]]
    assert repeats([first], tmp_path) == []


def test_the_check_reads_the_product():
    names = {str(path.relative_to(ROOT)) for path in product_modules()}
    assert "payments/outbox.py" in names and "common/metrics.py" in names
    assert not any(
        name.startswith(("tests/", "bench/")) or "/migrations/" in name for name in names
    )
