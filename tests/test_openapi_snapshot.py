"""The OpenAPI document is compared with a committed snapshot (tests/openapi_snapshot.json).

The schema is generated from the viewsets, filter sets and pagination; a change of shape in
the code must not move what the document says the API accepts and answers unnoticed. A change
meant to move it regenerates the snapshot (`UPDATE_OPENAPI_SNAPSHOT=1 pytest` on this file),
and the diff of the snapshot is the record of what moved. On a mismatch the failure names each
operation that moved (its responses added or removed, or the part that changed) before the
first lines of the text diff.
"""

import difflib
import json
import os
from pathlib import Path

from drf_spectacular.generators import SchemaGenerator

SNAPSHOT = Path(__file__).with_name("openapi_snapshot.json")


def _dump(document) -> str:
    return json.dumps(document, indent=1, sort_keys=True, default=str) + "\n"


def summary(old: dict, new: dict) -> list[str]:
    """One line per operation part or component that differs between two documents."""
    lines = []
    for path in sorted(set(old["paths"]) | set(new["paths"])):
        before, after = old["paths"].get(path, {}), new["paths"].get(path, {})
        for method in sorted(set(before) | set(after)):
            was, now = before.get(method, {}), after.get(method, {})
            for part in sorted(set(was) | set(now)):
                if was.get(part) == now.get(part):
                    continue
                if part == "responses" and part in was and part in now:
                    added = sorted(set(now[part]) - set(was[part]))
                    removed = sorted(set(was[part]) - set(now[part]))
                    moved = f"+{added} -{removed}" if added or removed else "changed"
                    lines.append(f"{method.upper()} {path}: responses {moved}")
                else:
                    lines.append(f"{method.upper()} {path}: {part} changed")
    old_components, new_components = old["components"], new["components"]
    for kind in sorted(set(old_components) | set(new_components)):
        was, now = old_components.get(kind, {}), new_components.get(kind, {})
        for name in sorted(set(was) | set(now)):
            if was.get(name) != now.get(name):
                lines.append(f"components/{kind}/{name} changed")
    return lines


def test_schema_matches_the_committed_snapshot():
    current = _dump(SchemaGenerator().get_schema(request=None, public=True))
    if os.environ.get("UPDATE_OPENAPI_SNAPSHOT") == "1":
        SNAPSHOT.write_text(current)
    expected = SNAPSHOT.read_text()
    if current != expected:
        moved = summary(json.loads(expected), json.loads(current))
        diff = difflib.unified_diff(
            expected.splitlines(), current.splitlines(), "snapshot", "generated", lineterm="", n=2
        )
        raise AssertionError(
            "The OpenAPI document moved:\n"
            + "\n".join(moved or ["(outside paths and components)"])
            + "\n\n"
            + "\n".join(list(diff)[:120])
        )
