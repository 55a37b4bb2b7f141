"""Staff commands without --json print lines for a person: lists joined, mappings indented,
never a Python repr or JSON."""

from io import StringIO

import pytest
from django.core.management import call_command

from common.commands import human_text


def _text(*argv: str) -> str:
    out = StringIO()
    call_command(*argv, stdout=out)
    return out.getvalue()


def test_the_formatter():
    text = human_text(
        {
            "scopes": ["participants.read", "payments.read"],
            "injected": {"503": 0, "429": 2},
            "empty": [],
            "items": [{"id": "a", "on": True}, {"id": "b", "on": None}],
        }
    )
    assert text.splitlines() == [
        "scopes: participants.read, payments.read",
        "injected:",
        "  503: 0",
        "  429: 2",
        "empty: (none)",
        "items:",
        "  - id: a",
        "    on: yes",
        "  - id: b",
        "    on: -",
    ]


@pytest.mark.django_db
def test_commands_print_no_reprs_or_json(provider):
    texts = [
        _text("create_api_key", "--provider", provider.id, "--scope", "participants.read"),
        _text("sandbox_faults", "--provider", provider.id),
        _text("show_limits", "--provider", provider.id),
    ]
    assert "scopes: participants.read" in texts[0]
    assert "injected:\n  503: 0" in texts[1]
    for text in texts:
        assert "['" not in text and "{'" not in text and '{"' not in text and "{\n" not in text
