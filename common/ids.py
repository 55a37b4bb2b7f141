"""Prefixed, time-sortable identifiers (ULID), generated server-side."""

import re

from ulid import ULID

_ULID = r"[0-9A-HJKMNP-TV-Z]{26}"


def new_id(prefix: str) -> str:
    return f"{prefix}_{ULID()}"


def new_participant_id() -> str:
    # `usr_` lets a path value resolve as a participantID; `_user` lets a search value do so.
    return f"usr_{ULID()}_user"


def id_pattern(prefix: str, suffix: str = "") -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(prefix)}_{_ULID}{re.escape(suffix)}\Z")


def is_id(value: str, prefix: str, suffix: str = "") -> bool:
    return bool(id_pattern(prefix, suffix).match(value or ""))
