"""GET /providers/{providerID}/participant-reviews: filters, search, pagination, tenancy."""

import pytest

from api import scopes
from common.actors import Actor
from limits import services as limit_services
from participants.selectors import get_enrollment
from tests.participants.factories import create_participant
from tests.reviews.factories import cleared, pending_review
from tests.reviews.http import list_reviews

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


def _person(ctx, external_id, given, family, number, emails=()):
    body = create_participant(
        ctx,
        externalID=external_id,
        givenName=given,
        familyName=family,
        phones=[{"countryCode": "44", "number": number}],
        emails=list(emails),
    )
    return get_enrollment(ctx.id, body["participantID"])


@pytest.fixture
def people(provider):
    grace = _person(provider, "cust-grace", "Grace", "Hopper", "7700900123", ["g@navy.example"])
    alan = _person(provider, "cust-alan", "Alan", "Turing", "7700900456", ["a@bletchley.example"])
    ada = _person(provider, "cust-ada", "Ada", "Lovelace", "7700900789")
    reviews = {
        "grace": pending_review(provider.provider, grace),
        "alan": pending_review(provider.provider, alan),
        "ada": pending_review(provider.provider, ada),
    }
    return {"grace": grace, "alan": alan, "ada": ada, "reviews": reviews}


def _ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["reviewID"] for row in response.json()["reviews"]]


def test_default_lists_pending_newest_first_with_every_required_field(provider, people):
    response = list_reviews(provider)
    body = response.json()
    reviews = people["reviews"]
    assert _ids(response) == [reviews["ada"].pk, reviews["alan"].pk, reviews["grace"].pk]
    assert body["hasMore"] is False and "nextCursor" not in body
    row = body["reviews"][2]
    assert row == {
        "reviewID": reviews["grace"].pk,
        "participantID": people["grace"].participant_id,
        "externalID": "cust-grace",
        "status": "pending",
        "versionID": reviews["grace"].version_id,
        "reason": "Unusual activity",
        "assessmentIDs": [],
        "createdOn": row["createdOn"],
    }
    assert "relationship" not in row and "notes" not in row  # detail only


def test_status_resolved_lists_only_resolved(provider, people):
    grace = people["reviews"]["grace"]
    cleared(grace, reason="Verified by phone")
    assert _ids(list_reviews(provider, status="resolved")) == [grace.pk]
    assert grace.pk not in _ids(list_reviews(provider, status="pending"))
    row = list_reviews(provider, status="resolved").json()["reviews"][0]
    assert row["resolution"]["action"] == "no_action"
    assert "reasonCode" not in row["resolution"]


@pytest.mark.parametrize("value", ["open", "PENDING", "", "all"])
def test_unrecognized_status_is_400(provider, value):
    response = list_reviews(provider, status=value)
    assert response.status_code == 400
    assert response["Content-Type"] == PROBLEM


@pytest.mark.parametrize(
    ("q", "who"),
    [
        ("grace", ["grace"]),  # given name, case-insensitive
        ("HOPPER", ["grace"]),  # family name
        ("  grace hopper ", ["grace"]),  # full name, trimmed
        ("ace", ["ada", "grace"]),  # substring of a name (Grace, Lovelace)
        ("love", ["ada"]),
        ("900456", ["alan"]),  # phone digits
        ("+44 7700 900-789", ["ada"]),  # phone punctuation
        ("(770) 090", ["ada", "alan", "grace"]),
        ("cust-alan", ["alan"]),  # exact externalID
        ("cust-ala", []),  # externalID is exact, not a substring
        ("g@navy.example", []),  # emails are never searched
        ("navy", []),
    ],
)
def test_q_rules(provider, people, q, who):
    expected = {people["reviews"][name].pk for name in who}
    assert set(_ids(list_reviews(provider, q=q))) == expected


def test_q_matches_an_exact_review_id_and_an_exact_participant_id(provider, people):
    review = people["reviews"]["alan"]
    assert _ids(list_reviews(provider, q=review.pk)) == [review.pk]
    assert _ids(list_reviews(provider, q=review.pk[:-2])) == []
    participant_id = people["ada"].participant_id
    assert _ids(list_reviews(provider, q=participant_id)) == [people["reviews"]["ada"].pk]
    assert _ids(list_reviews(provider, q=participant_id.lower())) == []


@pytest.mark.parametrize("q", ["x" * 101, " " + "y" * 101 + " ", "12", "+1 (2)", "-."])
def test_q_too_long_or_short_phone_fragment_is_422_invalid_request(provider, q):
    response = list_reviews(provider, q=q)
    assert response.status_code == 422
    assert response.json()["type"].endswith("/errors#invalid-request")


def test_q_of_100_characters_after_trimming_is_accepted(provider, people):
    assert list_reviews(provider, q="  " + "z" * 100 + "  ").status_code == 200


def test_participant_id_filter_takes_either_identifier(provider, people):
    review = people["reviews"]["alan"]
    assert _ids(list_reviews(provider, participantID="cust-alan")) == [review.pk]
    by_id = list_reviews(provider, participantID=people["alan"].participant_id)
    assert _ids(by_id) == [review.pk]
    assert _ids(list_reviews(provider, participantID="cust-nobody")) == []


def test_limit_group_filter_counts_active_memberships_only(provider, people):
    group = limit_services.create_limit_group(
        provider_id=provider.id, name="Watch", ceilings={"dailyAmount": 100}, actor=Actor.system()
    )
    for name in ("grace", "alan"):
        limit_services.add_to_limit_group(
            group_id=group.id, enrollment=people[name], actor=Actor.system()
        )
    limit_services.remove_from_limit_group(
        group_id=group.id, enrollment=people["alan"], actor=Actor.system()
    )
    assert _ids(list_reviews(provider, limitGroupID=group.id)) == [people["reviews"]["grace"].pk]
    limit_services.delete_limit_group(
        provider_id=provider.id, group_id=group.id, actor=Actor.system()
    )
    assert _ids(list_reviews(provider, limitGroupID=group.id)) == []


def test_filters_combine(provider, people):
    assert _ids(list_reviews(provider, q="a", participantID="cust-ada")) == [
        people["reviews"]["ada"].pk
    ]
    assert _ids(list_reviews(provider, q="hopper", participantID="cust-ada")) == []


def test_pagination_walk_and_cursor_bound_to_filters(provider, people):
    first = list_reviews(provider, limit=2).json()
    assert len(first["reviews"]) == 2 and first["hasMore"] is True
    second = list_reviews(provider, limit=2, cursor=first["nextCursor"]).json()
    assert second["hasMore"] is False and "nextCursor" not in second
    walked = [row["reviewID"] for row in first["reviews"] + second["reviews"]]
    assert walked == _ids(list_reviews(provider))
    other_filters = list_reviews(provider, limit=2, cursor=first["nextCursor"], q="a")
    assert other_filters.status_code == 400
    assert other_filters.json()["type"].endswith("/errors#invalid-cursor")
    assert list_reviews(provider, cursor="not-a-cursor").status_code == 400


@pytest.mark.parametrize("limit", ["0", "101", "x"])
def test_limit_outside_1_to_100_is_400(provider, limit):
    assert list_reviews(provider, limit=limit).status_code == 400


def test_other_providers_reviews_are_never_returned(provider, other_provider, people):
    pending_review(other_provider.provider)
    mine = set(_ids(list_reviews(provider)))
    theirs = set(_ids(list_reviews(other_provider)))
    assert len(theirs) == 1 and not mine & theirs
    # Naming our participant does not reach our reviews either.
    assert _ids(list_reviews(other_provider, participantID="cust-grace")) == []
    assert _ids(list_reviews(other_provider, q=people["reviews"]["grace"].pk)) == []
    cursor = list_reviews(provider, limit=1).json()["nextCursor"]
    assert list_reviews(other_provider, limit=1, cursor=cursor).status_code == 400


def test_requires_participant_review_read(provider):
    client = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_WRITE)
    response = list_reviews(provider, client=client)
    assert response.status_code == 403
    allowed = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_READ)
    assert list_reviews(provider, client=allowed).status_code == 200


def test_unauthenticated_is_401(provider):
    from rest_framework.test import APIClient

    response = APIClient().get(provider.url("/participant-reviews"))
    assert response.status_code == 401 and response.has_header("WWW-Authenticate")


def test_a_q_ending_in_user_is_only_ever_a_participant_id(provider):
    """`acct_user` is a valid externalID, but a q ending in `_user` is compared with
    participantIDs only; the same externalID without the suffix is matched exactly."""
    suffixed = _person(provider, "acct_user", "Sam", "Suffix", "7700900111")
    plain = _person(provider, "acct-7", "Pat", "Plain", "7700900222")
    suffixed_review = pending_review(provider.provider, suffixed)
    plain_review = pending_review(provider.provider, plain)
    assert _ids(list_reviews(provider, q="acct_user")) == []
    assert _ids(list_reviews(provider, q=suffixed.participant_id)) == [suffixed_review.pk]
    assert _ids(list_reviews(provider, q="acct-7")) == [plain_review.pk]
