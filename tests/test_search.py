"""The shared `q` parser (common.search) of the payment lists and the review list.

Both contracts let q be the provider's exact externalID: the payment lists whatever it looks
like, the review list when it does not end with `_user`. A digits-only externalID (a common
customer number) is also a phone fragment, and must still match as an externalID.
"""

import pytest

from common.search import parse_search
from participants.selectors import get_enrollment
from tests.participants.factories import create_participant
from tests.reviews.factories import pending_review


@pytest.mark.parametrize(
    ("q", "phone", "participant_id", "external_id"),
    [
        ("12345", True, "", "12345"),
        (" (415) 555 ", True, "", "(415) 555"),
        ("cust-7", False, "", "cust-7"),
        ("usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user", False, "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user", ""),
    ],
)
def test_what_a_q_may_exactly_match(q, phone, participant_id, external_id):
    term = parse_search(q)
    assert (term.is_phone, term.participant_id, term.external_id) == (
        phone,
        participant_id,
        external_id,
    )


UK_PHONES = [
    {"countryCode": "44", "number": "7700900123"},
    {"countryCode": "44", "number": "7700900456"},
]


@pytest.mark.django_db
@pytest.mark.parametrize("external_id", ["12345", "(415) 555"])
def test_the_review_list_finds_a_phone_like_external_id(provider, external_id):
    # UK phones: the digits of neither contain the q's digits.
    body = create_participant(provider, externalID=external_id, phones=[UK_PHONES[0]])
    review = pending_review(provider.provider, get_enrollment(provider.id, body["participantID"]))
    other = create_participant(provider, externalID="someone-else", phones=[UK_PHONES[1]])
    pending_review(provider.provider, get_enrollment(provider.id, other["participantID"]))
    response = provider.client.get(provider.url("/participant-reviews"), {"q": external_id})
    assert response.status_code == 200, response.content
    assert [row["reviewID"] for row in response.json()["reviews"]] == [review.pk]
