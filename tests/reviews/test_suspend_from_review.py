"""POST …/participant-reviews/{reviewID}/suspensions: both scopes, both versions, conflicts that
change nothing, an already-suspended relationship, idempotent replay, and races."""

import pytest
from rest_framework.test import APIClient

from api import scopes
from common.actors import Actor
from participants.models import Enrollment, RelationshipAction
from reviews.models import ParticipantReview
from reviews.services import participant_reviews
from tests.concurrency import race
from tests.participants.factories import create_participant
from tests.problems import assert_not_found
from tests.reviews.http import detail, open_review, suspend, suspend_body

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


def _open(ctx, external_id="sus-1"):
    create_participant(ctx, externalID=external_id)
    open_review(ctx, participantID=external_id, reason="Fraud signals")
    review = ParticipantReview.objects.get(enrollment__external_id=external_id)
    return detail(ctx, review.pk)


@pytest.fixture
def review(provider):
    return _open(provider)


def _state(external_id="sus-1"):
    enrollment = Enrollment.objects.get(external_id=external_id)
    review = ParticipantReview.objects.get(enrollment=enrollment)
    actions = list(enrollment.actions.values_list("action", "reason_code", "review_id"))
    return (
        enrollment.suspended,
        enrollment.relationship_version_id,
        enrollment.suspension_reason_code,
        review.status,
        review.version_id,
        actions,
    )


def _participant_read(ctx, external_id="sus-1"):
    return ctx.client.get(ctx.url(f"/participants/{external_id}")).json()["relationship"]


def test_suspension_resolves_the_review_and_suspends_the_relationship(provider, review):
    response = suspend(provider, review["reviewID"], key="sfr-1", **suspend_body(review))
    assert response.status_code == 201
    assert response["X-Idempotency-Key"] == "sfr-1"
    body = response.json()["review"]
    assert body["status"] == "resolved"
    assert body["versionID"] != review["versionID"]
    assert body["relationship"]["suspended"] is True
    assert body["relationship"]["versionID"] != review["relationship"]["versionID"]
    assert body["resolution"]["action"] == "suspend"
    assert body["resolution"]["reasonCode"] == "account-compromise"
    assert body["resolution"]["reason"] == "Confirmed account takeover"
    assert body["resolution"]["actor"] == {
        "kind": "application",
        "applicationKeyID": provider.key_id,
        "callingAccountID": provider.id,
    }
    assert body["resolution"]["resolvedByDisplay"] == {"displayName": "Provider application"}
    # The committed state is what later reads return.
    assert detail(provider, review["reviewID"]) == body
    read = _participant_read(provider)
    assert read["suspended"] is True
    assert read["versionID"] == body["relationship"]["versionID"]
    assert read["reasonCode"] == "account-compromise"
    action = RelationshipAction.objects.get()
    assert action.action == "suspend" and action.review_id == review["reviewID"]
    assert action.note == "Confirmed account takeover"
    assert action.version_id == body["relationship"]["versionID"]


@pytest.mark.parametrize(
    "stale",
    [
        {"expectedVersionID": "stale"},
        {"expectedRelationshipVersionID": "stale"},
        {"expectedVersionID": "stale", "expectedRelationshipVersionID": "stale"},
    ],
)
def test_either_stale_version_is_409_and_changes_nothing(provider, review, stale):
    before = _state()
    response = suspend(provider, review["reviewID"], **suspend_body(review, **stale))
    assert response.status_code == 409
    assert response["Content-Type"] == PROBLEM
    problem = response.json()
    assert problem["type"].endswith("/errors#participant-review-version-conflict")
    assert problem["title"] == "Conflict"
    assert "fetch the review again" in problem["detail"]
    # The detail does not name the current versions.
    assert review["versionID"] not in problem["detail"]
    assert review["relationship"]["versionID"] not in problem["detail"]
    assert _state() == before


def test_a_relationship_change_since_the_read_is_a_conflict(provider, review):
    """The provider suspended directly after reading the review: the review's relationship
    version is now stale."""
    current = _participant_read(provider)["versionID"]
    provider.client.post(
        provider.url("/participants/sus-1/suspensions"),
        {"reasonCode": "legal-hold", "expectedVersionID": current},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="direct",
    )
    response = suspend(provider, review["reviewID"], **suspend_body(review))
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#participant-review-version-conflict")


def test_resolved_review_is_409_state_conflict_whatever_the_versions(provider, review):
    first = suspend(provider, review["reviewID"], **suspend_body(review)).json()["review"]
    before = _state()
    for body in (
        suspend_body(review),  # the stale versions of the first read
        suspend_body(first),  # the current versions
        suspend_body(review, expectedVersionID="nonsense"),
    ):
        response = suspend(provider, review["reviewID"], **body)
        assert response.status_code == 409
        assert response.json()["type"].endswith("/errors#state-conflict")
    assert _state() == before


def test_already_suspended_relationship_keeps_its_classification_and_the_version_advances(
    provider,
):
    create_participant(provider, externalID="sus-2")
    version = _participant_read(provider, "sus-2")["versionID"]
    provider.client.post(
        provider.url("/participants/sus-2/suspensions"),
        {"reasonCode": "legal-hold", "note": "Court order 7", "expectedVersionID": version},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="first-suspension",
    )
    open_review(provider, participantID="sus-2", reason="Also suspicious")
    review = detail(provider, ParticipantReview.objects.get().pk)
    assert review["relationship"]["suspended"] is True
    response = suspend(
        provider,
        review["reviewID"],
        **suspend_body(review, reasonCode="suspected-fraud", reason="Mule pattern"),
    )
    assert response.status_code == 201
    body = response.json()["review"]
    assert body["resolution"]["reasonCode"] == "suspected-fraud"  # the decision
    assert body["relationship"]["suspended"] is True
    assert body["relationship"]["versionID"] != review["relationship"]["versionID"]
    read = _participant_read(provider, "sus-2")
    assert read["reasonCode"] == "legal-hold"  # the original classification stays
    enrollment = Enrollment.objects.get(external_id="sus-2")
    assert enrollment.suspension_note == "Court order 7"
    history = list(enrollment.actions.values_list("action", "reason_code", "note", "review_id"))
    assert history == [
        ("suspend", "legal-hold", "Court order 7", ""),
        ("suspend", "suspected-fraud", "Mule pattern", review["reviewID"]),
    ]


def test_reactivation_keeps_the_suspension_from_review_in_the_history(provider, review):
    body = suspend(provider, review["reviewID"], **suspend_body(review)).json()["review"]
    response = provider.client.post(
        provider.url("/participants/sus-1/reactivations"),
        {"note": "Customer verified", "expectedVersionID": body["relationship"]["versionID"]},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="re-1",
    )
    assert response.status_code == 201
    actions = list(RelationshipAction.objects.values_list("action", "review_id"))
    assert actions == [("suspend", review["reviewID"]), ("reactivate", "")]
    # The review stays resolved.
    assert detail(provider, review["reviewID"])["status"] == "resolved"


def test_replay_returns_the_original_201(provider, review):
    body = suspend_body(review)
    first = suspend(provider, review["reviewID"], key="same", **body)
    again = suspend(provider, review["reviewID"], key="same", **body)
    assert first.status_code == again.status_code == 201
    assert again.content == first.content
    assert RelationshipAction.objects.count() == 1
    reused = suspend(provider, review["reviewID"], key="same", **{**body, "reason": "other"})
    assert reused.status_code == 409
    assert reused.json()["type"].endswith("/errors#idempotency-key-reused")


def test_missing_idempotency_header_is_400(provider, review):
    response = provider.client.post(
        provider.url(f"/participant-reviews/{review['reviewID']}/suspensions"),
        suspend_body(review),
        format="json",
    )
    assert response.status_code == 400
    assert _state()[0] is False


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"reason": ""}, "/reason"),
        ({"reason": "x" * 513}, "/reason"),
        ({"reasonCode": "bored"}, "/reasonCode"),
        ({"reason": None}, "/reason"),
    ],
)
def test_validation_is_422_and_changes_nothing(provider, review, change, pointer):
    before = _state()
    body = {k: v for k, v in {**suspend_body(review), **change}.items() if v is not None}
    response = suspend(provider, review["reviewID"], **body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.json()["errors"]]
    assert _state() == before


@pytest.mark.parametrize(
    "field", ["reasonCode", "expectedVersionID", "expectedRelationshipVersionID"]
)
def test_each_required_field_missing_is_422(provider, review, field):
    body = suspend_body(review)
    del body[field]
    response = suspend(provider, review["reviewID"], **body)
    assert response.status_code == 422
    assert f"/{field}" in [e["pointer"] for e in response.json()["errors"]]


@pytest.mark.parametrize(
    "granted",
    [
        (scopes.PARTICIPANT_REVIEWS_WRITE,),
        (scopes.RELATIONSHIPS_WRITE,),
        (scopes.PARTICIPANT_REVIEWS_READ, scopes.RELATIONSHIPS_WRITE),
    ],
)
def test_both_write_scopes_are_required(provider, review, granted):
    client = provider.client_with_scopes(*granted)
    response = suspend(provider, review["reviewID"], client=client, **suspend_body(review))
    assert response.status_code == 403
    assert response["Content-Type"] == PROBLEM
    assert _state()[0] is False
    both = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_WRITE, scopes.RELATIONSHIPS_WRITE)
    assert (
        suspend(provider, review["reviewID"], client=both, **suspend_body(review)).status_code
        == 201
    )


def test_a_foreign_review_is_404_and_changes_nothing(provider, other_provider, review):
    before = _state()
    response = suspend(other_provider, review["reviewID"], **suspend_body(review))
    assert_not_found(response, "No participant review with that ID exists for this provider.")
    assert _state() == before


def test_no_action_resolution_never_touches_the_relationship(provider, review):
    participant_reviews.resolve_no_action(
        provider_id=provider.id,
        review_id=review["reviewID"],
        reason="Fine",
        expected_version_id=review["versionID"],
        actor=Actor.system(),
    )
    read = _participant_read(provider)
    assert read["suspended"] is False
    assert read["versionID"] == review["relationship"]["versionID"]


def _client(ctx) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=ctx.client._credentials["HTTP_AUTHORIZATION"])
    return client


@pytest.mark.pgbouncer
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_suspensions_on_the_same_versions_have_exactly_one_winner(provider):
    review = _open(provider, "race-1")

    def attempt(n):
        response = _client(provider).post(
            provider.url(f"/participant-reviews/{review['reviewID']}/suspensions"),
            suspend_body(review, reason=f"analyst {n}"),
            format="json",
            HTTP_X_IDEMPOTENCY_KEY=f"race-{n}",
        )
        problem = response.json().get("type", "") if response.status_code != 201 else ""
        return response.status_code, problem.rpartition("#")[2]

    results = race(attempt)
    assert sorted(status for status, _ in results) == [201] + [409] * 7, results
    # The losers waited for the winner's locks and then saw a resolved review.
    assert {code for status, code in results if status == 409} <= {
        "state-conflict",
        "participant-review-version-conflict",
    }
    enrollment = Enrollment.objects.get(external_id="race-1")
    assert enrollment.actions.count() == 1
    assert ParticipantReview.objects.get(enrollment=enrollment).status == "resolved"


@pytest.mark.pgbouncer
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_suspension_racing_an_assignment_never_loses_either_check(provider):
    """Assignment (applied by a task) and suspension share the review's version: whichever
    commits first makes the other stale, never both applied on the same version."""
    review = _open(provider, "race-2")

    def suspend_it():
        return (
            _client(provider)
            .post(
                provider.url(f"/participant-reviews/{review['reviewID']}/suspensions"),
                suspend_body(review),
                format="json",
                HTTP_X_IDEMPOTENCY_KEY="race-s",
            )
            .status_code
        )

    def assign_it():
        participant_reviews.assign(
            provider_id=provider.id,
            review_id=review["reviewID"],
            assignee_user_id="u-1",
            expected_version_id=review["versionID"],
        )
        return "applied"

    suspended, assigned = race(lambda i: (suspend_it, assign_it)[i](), n=2)
    stored = ParticipantReview.objects.get(enrollment__external_id="race-2")
    if suspended == 201:
        assert type(assigned).__name__ in ("StateConflict", "ParticipantReviewVersionConflict")
        assert stored.status == "resolved" and stored.assignee_user_id == ""
    else:
        assert suspended == 409 and assigned == "applied"
        assert stored.status == "pending" and stored.assignee_user_id == "u-1"


def test_a_reason_of_512_characters_is_accepted(provider, review):
    response = suspend(provider, review["reviewID"], **suspend_body(review, reason="r" * 512))
    assert response.status_code == 201
    assert response.json()["review"]["resolution"]["reason"] == "r" * 512


def test_closing_a_review_of_a_suspended_relationship_never_reactivates_it(provider):
    create_participant(provider, externalID="sus-3")
    version = _participant_read(provider, "sus-3")["versionID"]
    suspended = provider.client.post(
        provider.url("/participants/sus-3/suspensions"),
        {"reasonCode": "legal-hold", "note": "Court order", "expectedVersionID": version},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="sus-3-direct",
    )
    assert suspended.status_code == 201
    open_review(provider, participantID="sus-3", reason="Look again")
    review = detail(provider, ParticipantReview.objects.get().pk)
    participant_reviews.resolve_no_action(
        provider_id=provider.id,
        review_id=review["reviewID"],
        reason="Nothing more to do",
        expected_version_id=review["versionID"],
        expected_relationship_version_id=review["relationship"]["versionID"],
        actor=Actor.system(),
    )
    body = detail(provider, review["reviewID"])
    assert body["status"] == "resolved" and body["resolution"]["action"] == "no_action"
    assert body["relationship"] == review["relationship"]  # still suspended, same version
    read = _participant_read(provider, "sus-3")
    assert read["suspended"] is True and read["reasonCode"] == "legal-hold"
    assert list(RelationshipAction.objects.values_list("action", flat=True)) == ["suspend"]
