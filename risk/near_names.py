"""How near two names are, for the names lists: RapidFuzz's token_sort_ratio of their
canonical keys (`common.canonical_names`), 0 to 100: the Indel similarity of the names with
their words in sorted order, so "Petrov Ivan" is as near "Ivan Petrov" as can be.

A listed name at NEAR_FROM or above that is not the same key is a near match: "Ivan Petrof"
(91) or "Mohammed Ali" against "Muhammad Ali" (87) are; "Jane Smith" against "John Smith"
(82) and "Ivan Popov" against "Ivan Petrov" (76) are not. See
docs/decisions/screening-canonical-names.md for the figures behind the threshold.
"""

from collections.abc import Iterable, Sequence

from rapidfuzz import fuzz, process

NEAR_FROM = 85.0


def near_matches(keys: Iterable[str], choices: Sequence[str]) -> dict[int, float]:
    """{index in `choices`: its best similarity to any of `keys`} of the choices at NEAR_FROM
    or above."""
    found: dict[int, float] = {}
    for key in keys:
        for _, score, index in process.extract(
            key, choices, scorer=fuzz.token_sort_ratio, score_cutoff=NEAR_FROM, limit=None
        ):
            found[index] = max(score, found.get(index, 0.0))
    return found
