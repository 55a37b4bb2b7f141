"""The OpenAPI document is compared with a committed snapshot (tests/openapi_snapshot.json).

The schema is generated from the views, filter sets and pagination class; a change of shape in
the code must not move what the document says the API accepts and answers unnoticed. A change
meant to move it regenerates the snapshot (`UPDATE_OPENAPI_SNAPSHOT=1 pytest` on this file),
and the diff of the snapshot is the record of what moved.
"""

import difflib
import json
import os
from pathlib import Path

from drf_spectacular.generators import SchemaGenerator

SNAPSHOT = Path(__file__).with_name("openapi_snapshot.json")


def _dump(document) -> str:
    return json.dumps(document, indent=1, sort_keys=True, default=str) + "\n"


def test_schema_matches_the_committed_snapshot():
    current = _dump(SchemaGenerator().get_schema(request=None, public=True))
    if os.environ.get("UPDATE_OPENAPI_SNAPSHOT") == "1":
        SNAPSHOT.write_text(current)
    expected = SNAPSHOT.read_text()
    if current != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), current.splitlines(), "snapshot", "generated", lineterm="", n=2
        )
        raise AssertionError("The OpenAPI document moved:\n" + "\n".join(list(diff)[:200]))
