"""The `q` search value of the payment and review lists: trimmed, at most 100 characters; a
value of only digits and phone punctuation is a phone fragment and needs at least 3 digits;
a value ending in `_user` may be an exact participantID, any other (a phone fragment
included) an exact externalID."""

import re
from dataclasses import dataclass

from common.errors import InvalidRequest

PARTICIPANT_ID_SUFFIX = "_user"
MAX_QUERY_LENGTH = 100
MIN_PHONE_DIGITS = 3
# Digits and the punctuation people type in phone numbers: a value made only of these is a
# phone fragment.
PHONE_FRAGMENT = re.compile(r"^[0-9 +().\-]+\Z")
_NOT_DIGITS = re.compile(r"[^0-9]")


def has_trigram(text: str) -> bool:
    """Whether a trigram index can find `text`: three characters or more, one of them a letter
    or digit (pg_trgm reads only words of letters and digits, so `q=zq` and `q=!!` give it no
    trigram and its index would read every entry)."""
    return len(text) >= 3 and any(char.isalnum() for char in text)


def digits(value: str) -> str:
    return _NOT_DIGITS.sub("", value or "")


@dataclass(frozen=True)
class SearchTerm:
    """A parsed `q`: a case-insensitive substring, plus what else it may exactly match."""

    raw: str  # trimmed, case kept (exact matches)
    text: str  # trimmed, lower-cased (substring matches)
    is_phone: bool = False  # only digits and phone punctuation
    phone_digits: str = ""
    participant_id: str = ""  # set when q ends with `_user`
    external_id: str = ""  # otherwise (phone fragments too): may be the exact externalID


def parse_search(raw: str) -> SearchTerm:
    """Trimmed `q` → SearchTerm. Length and phone-digit rules are checked by `search_term`."""
    text = raw.strip()
    is_phone = bool(PHONE_FRAGMENT.match(text))
    user_suffix = text.endswith(PARTICIPANT_ID_SUFFIX)
    return SearchTerm(
        raw=text,
        text=text.lower(),
        is_phone=is_phone,
        phone_digits=digits(text) if is_phone else "",
        participant_id=text if user_suffix else "",
        # A phone-like value may still be an externalID (digits-only customer numbers).
        external_id="" if user_suffix else text,
    )


def search_term(raw: str | None) -> SearchTerm | None:
    """The `q` query value, validated (422 invalid-request); None when absent or blank."""
    if raw is None or not raw.strip():
        return None
    if len(raw.strip()) > MAX_QUERY_LENGTH:
        raise InvalidRequest(f"q must be at most {MAX_QUERY_LENGTH} characters after trimming.")
    term = parse_search(raw)
    if term.is_phone and len(term.phone_digits) < MIN_PHONE_DIGITS:
        raise InvalidRequest(
            f"A q of only digits and phone punctuation needs at least {MIN_PHONE_DIGITS} digits."
        )
    return term
