"""X-Request-ID: accepted when well formed, made otherwise (`req_<ulid>`)."""

import re

from common.ids import new_id

HEADER = "X-Request-ID"
META_KEY = "HTTP_X_REQUEST_ID"
# Matched whole (`fullmatch`): a `$` would also accept a trailing newline into headers and logs.
_WELL_FORMED = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:\-]{0,127}")


def accept_or_make(value: str | None) -> str:
    """The caller's ID when it is 1-128 characters of letters, digits and `._:-`; a new one
    otherwise (a malformed one is never echoed into logs or headers)."""
    if value and _WELL_FORMED.fullmatch(value):
        return value
    return new_id("req")
