"""docs/events.md stays the catalog: every event type has its section and a sample payload of
that type, and the doc names no type the service does not emit."""

import json
import re
from pathlib import Path

from events.types import ALL_TYPES

DOC = Path(__file__).resolve().parents[2] / "docs" / "events.md"


def _sections() -> dict[str, str]:
    parts = re.split(r"^### `([a-z_.]+)`$", DOC.read_text(), flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_type_has_a_section_with_a_sample_of_its_type():
    sections = _sections()
    assert list(sections) == list(ALL_TYPES)
    for event_type, text in sections.items():
        [sample, *_] = re.findall(r"```json\n(.*?)\n```", text, flags=re.DOTALL)
        payload = json.loads(sample)
        assert payload["type"] == event_type
        assert set(payload) == {"type", "eventID", "createdOn", "data"}
        assert payload["eventID"].startswith("evt_")
