"""The contract's documented responses per operation, one module per area.

Each module defines RESPONSES: {(method, path): {statuses the contract lists}}. The OpenAPI
test (tests/test_openapi.py) checks the generated schema documents every one of them.
"""

from tests.contract import limits, participant_reviews, participants, payments, risk

RESPONSES: dict[tuple[str, str], set[int]] = {
    **participants.RESPONSES,
    **limits.RESPONSES,
    **payments.RESPONSES,
    **participant_reviews.RESPONSES,
    **risk.RESPONSES,
}
