"""docs/conformance.md stays true: every row has a proof, and every proof it names still exists.

A proof is a test (`path::function`, `path::Class::method`; found by parsing the file, not
importing it) or a link to a decision record in docs/decisions/ (and to a heading of it, when the
link names one). Nothing else is accepted: a
placeholder such as `PENDING` fails, and so does a row with no proof at all.
"""

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "conformance.md"
DECISIONS = ROOT / "docs" / "decisions"
PLACEHOLDER = re.compile(r"\b(?:PENDING|TODO|TBD)\b")
ROW_ID = re.compile(r"^C-\d{3,}$")
DECISION_LINK = re.compile(r"^\[decision\]\(decisions/([\w.-]+\.md)(?:#([^)\s]+))?\)$")
TEST_ID = re.compile(r"^(tests/[\w/]+\.py)::(\w+)(?:::(\w+))?$")


def _cells(line: str) -> list[str]:
    """The cells of a markdown table line (a `\\|` inside a cell is not a separator)."""
    inner = line.strip()[1:-1]
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


@cache
def rows() -> list[dict]:
    found = []
    for number, line in enumerate(DOC.read_text().splitlines(), 1):
        if not line.startswith("| C-"):
            continue
        cells = _cells(line)
        assert len(cells) == 4, f"line {number}: expected 4 cells, got {len(cells)}"
        row_id, section, statement, proof = cells
        proofs = [part.strip() for part in proof.split("<br>")] if proof else []
        found.append(
            {
                "line": number,
                "id": row_id,
                "section": section,
                "statement": statement,
                "proofs": [part for part in proofs if part],
            }
        )
    return found


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation and symbols (code marks
    included) dropped, letters, digits, `_` and `-` kept, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@cache
def decision_anchors(record: str) -> set[str] | None:
    """The anchors of a decision record's headings; None when the record does not exist."""
    path = DECISIONS / record
    if not path.is_file():
        return None
    anchors: set[str] = set()
    counts: dict[str, int] = {}
    in_fence = False
    for line in path.read_text().splitlines():
        if line.startswith("```"):
            in_fence = not in_fence
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if in_fence or not match:
            continue
        anchor = github_anchor(match.group(1))
        seen = counts.get(anchor, 0)
        anchors.add(anchor if seen == 0 else f"{anchor}-{seen}")
        counts[anchor] = seen + 1
    return anchors


@cache
def defined_tests(path: str) -> dict[str, set[str]]:
    """Module-level test functions under "", and each class's test methods under its name."""
    tree = ast.parse((ROOT / path).read_text(), filename=path)
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    names: dict[str, set[str]] = {"": set()}
    for node in tree.body:
        if isinstance(node, functions) and node.name.startswith("test"):
            names[""].add(node.name)
        elif isinstance(node, ast.ClassDef):
            names[node.name] = {
                item.name
                for item in node.body
                if isinstance(item, functions) and item.name.startswith("test")
            }
    return names


def missing_test(proof: str) -> str | None:
    """Why a test proof does not resolve, or None when it does."""
    path, first, second = TEST_ID.match(proof).groups()
    if not (ROOT / path).is_file():
        return f"{path} does not exist"
    names = defined_tests(path)
    if second is None:
        return None if first in names[""] else f"{path} has no test function {first}"
    if first not in names:
        return f"{path} has no class {first}"
    return None if second in names[first] else f"{path}::{first} has no test {second}"


def test_the_document_has_rows():
    assert len(rows()) > 100


def test_row_ids_are_unique_and_well_formed():
    ids = [row["id"] for row in rows()]
    assert all(ROW_ID.match(row_id) for row_id in ids), [i for i in ids if not ROW_ID.match(i)]
    assert len(ids) == len(set(ids)), "duplicate row IDs"


def test_every_row_has_a_section_a_statement_and_a_proof():
    incomplete = [
        row["id"] for row in rows() if not (row["section"] and row["statement"] and row["proofs"])
    ]
    assert not incomplete, f"rows without a section, statement or proof: {incomplete}"


def test_every_proof_is_a_test_or_a_decision():
    unknown = [
        (row["id"], proof)
        for row in rows()
        for proof in row["proofs"]
        if not TEST_ID.match(proof) and not DECISION_LINK.match(proof)
    ]
    assert not unknown, f"proofs that are neither a test nor a decision: {unknown}"


def test_every_named_test_exists():
    broken = [
        (row["id"], problem)
        for row in rows()
        for proof in row["proofs"]
        if TEST_ID.match(proof) and (problem := missing_test(proof))
    ]
    assert not broken, f"proofs naming tests that do not exist: {broken}"


def missing_decision(record: str, anchor: str | None) -> str | None:
    """Why a decision link does not resolve, or None when it does."""
    anchors = decision_anchors(record)
    if anchors is None:
        return f"docs/decisions/{record} does not exist"
    if anchor is not None and anchor not in anchors:
        return f"docs/decisions/{record} has no heading #{anchor}"
    return None


def test_every_decision_link_has_its_record():
    broken = [
        (row["id"], problem)
        for row in rows()
        for proof in row["proofs"]
        if (match := DECISION_LINK.match(proof)) and (problem := missing_decision(*match.groups()))
    ]
    assert not broken, f"decision links that do not resolve: {broken}"


def test_a_link_to_a_missing_record_or_heading_is_caught():
    assert missing_decision("payment-model.md", None) is None
    assert missing_decision("payment-model.md", "context") is None
    assert "does not exist" in missing_decision("no-such-record.md", None)
    assert "no heading" in missing_decision("payment-model.md", "no-such-heading")


ANCHORS = [
    (
        "Lifecycle (`payments/transitions.py` is the whole table)",
        "lifecycle-paymentstransitionspy-is-the-whole-table",
    ),
    ("externalIDs the path can resolve", "externalids-the-path-can-resolve"),
    ("400 vs 422: query_params", "400-vs-422-query_params"),
    ("Re-sent funding sources", "re-sent-funding-sources"),
]


@pytest.mark.parametrize(("heading", "anchor"), ANCHORS)
def test_anchors_follow_github(heading, anchor):
    assert github_anchor(heading) == anchor


def test_no_pending_rows():
    """No row waits for its proof: not a placeholder in the Proof column, nor in the intro's
    description of what a proof may be."""
    pending = [
        row["id"] for row in rows() if any(PLACEHOLDER.search(proof) for proof in row["proofs"])
    ]
    assert not pending, f"{len(pending)} rows have a placeholder instead of a proof: {pending}"
    intro = DOC.read_text().split("\n| # |", 1)[0]
    assert not PLACEHOLDER.search(intro), "the intro still describes pending rows"
