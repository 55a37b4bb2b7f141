"""POST /providers/{providerID}/participant-reviews (open): 202, applied by a task, one pending
review per participant and provider, idempotency, validation and tenancy."""

import pytest
from django.test import TestCase

from api import scopes
from reviews.models import ParticipantReview, ReviewCommand
from tests.participants.factories import create_participant
from tests.problems import NO_PARTICIPANT, assert_not_found
from tests.reviews.factories import cleared
from tests.reviews.http import detail, open_review
from tests.risk.factories import assessment

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


@pytest.fixture
def participant(provider):
    return create_participant(provider, externalID="rev-1")


def test_open_answers_202_without_a_defined_body_and_the_review_appears(provider, participant):
    response = open_review(provider, key="open-1", participantID="rev-1", reason="Chargebacks")
    assert response.status_code == 202
    assert response.content == b""
    assert response["X-Idempotency-Key"] == "open-1"
    review = ParticipantReview.objects.get(participant_id=participant["participantID"])
    body = detail(provider, review.pk)
    assert body["status"] == "pending"
    assert body["reason"] == "Chargebacks"
    assert body["participantID"] == participant["participantID"]
    assert body["externalID"] == "rev-1"
    assert body["assessmentIDs"] == [] and body["notes"] == []
    assert "assigneeUserID" not in body and "resolution" not in body
    command = ReviewCommand.objects.get()
    assert command.status == "applied" and command.review_id == review.pk
    assert command.actor.as_json() == {
        "kind": "application",
        "applicationKeyID": provider.key_id,
        "callingAccountID": provider.id,
    }


def test_open_by_participant_id_with_an_assessment(provider, participant):
    found = assessment(provider_id=provider.id, participant_id=participant["participantID"])
    response = open_review(
        provider,
        participantID=participant["participantID"],
        reason="Signup flagged",
        assessmentID=found.pk,
    )
    assert response.status_code == 202
    review = ParticipantReview.objects.get()
    assert detail(provider, review.pk)["assessmentIDs"] == [found.pk]


def test_second_open_adds_the_assessment_and_a_note_instead_of_a_second_review(
    provider, participant
):
    open_review(provider, participantID="rev-1", reason="First look")
    review = ParticipantReview.objects.get()
    before = detail(provider, review.pk)
    second = assessment(provider_id=provider.id, participant_id=participant["participantID"])
    response = open_review(
        provider, participantID="rev-1", reason="Second signal", assessmentID=second.pk
    )
    assert response.status_code == 202
    assert ParticipantReview.objects.count() == 1
    after = detail(provider, review.pk)
    assert after["reason"] == "First look"
    assert after["assessmentIDs"] == [second.pk]
    assert [note["text"] for note in after["notes"]] == ["Second signal"]
    assert after["notes"][0]["actor"]["kind"] == "application"
    assert after["notes"][0]["resolvedByDisplay"] == {"displayName": "Provider application"}
    assert after["versionID"] != before["versionID"]
    assert ReviewCommand.objects.filter(status="applied").count() == 2


def test_after_resolution_a_new_open_starts_a_new_review(provider, participant):
    open_review(provider, participantID="rev-1", reason="First")
    first = ParticipantReview.objects.get()
    cleared(first, reason="Cleared")
    open_review(provider, participantID="rev-1", reason="Again")
    assert ParticipantReview.objects.filter(status="pending").count() == 1
    assert ParticipantReview.objects.count() == 2


def test_replay_with_the_same_key_and_body_answers_202_again_and_opens_nothing_more(
    provider, participant
):
    first = open_review(provider, key="same", participantID="rev-1", reason="Once")
    again = open_review(provider, key="same", participantID="rev-1", reason="Once")
    assert first.status_code == again.status_code == 202
    assert again.content == first.content
    assert ReviewCommand.objects.count() == 1
    assert ParticipantReview.objects.count() == 1


def test_same_key_with_another_body_is_409_idempotency_key_reused(provider, participant):
    open_review(provider, key="k", participantID="rev-1", reason="Once")
    response = open_review(provider, key="k", participantID="rev-1", reason="Different")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#idempotency-key-reused")
    assert ReviewCommand.objects.count() == 1


@pytest.mark.parametrize("key", ["", "x" * 256])
def test_malformed_idempotency_header_is_400(provider, participant, key):
    response = provider.client.post(
        provider.url("/participant-reviews"),
        {"participantID": "rev-1", "reason": "r"},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )
    assert response.status_code == 400
    assert not ReviewCommand.objects.exists()


def test_missing_idempotency_header_is_400(provider, participant):
    response = provider.client.post(
        provider.url("/participant-reviews"),
        {"participantID": "rev-1", "reason": "r"},
        format="json",
    )
    assert response.status_code == 400
    assert response["Content-Type"] == PROBLEM


def test_participant_without_a_relationship_is_404(provider, other_provider, participant):
    theirs = create_participant(other_provider, externalID="theirs")
    for ref in ("no-such-customer", theirs["participantID"], "theirs"):
        assert_not_found(open_review(provider, participantID=ref, reason="r"), NO_PARTICIPANT)
    assert not ReviewCommand.objects.exists()


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"reason": "r"}, "/participantID"),
        ({"participantID": "rev-1"}, "/reason"),
        ({"participantID": "rev-1", "reason": ""}, "/reason"),
        ({"participantID": "rev-1", "reason": "x" * 513}, "/reason"),
        ({"participantID": "rev-1", "reason": "r", "assessmentID": "ra_missing"}, "/assessmentID"),
    ],
)
def test_validation_is_422_with_pointers_and_opens_nothing(provider, participant, body, pointer):
    response = open_review(provider, **body)
    assert response.status_code == 422
    assert response.json()["type"].endswith("/errors#invalid-request")
    assert pointer in [error["pointer"] for error in response.json()["errors"]]
    assert not ReviewCommand.objects.exists()


def test_reason_of_512_characters_is_accepted(provider, participant):
    assert open_review(provider, participantID="rev-1", reason="x" * 512).status_code == 202


def test_another_providers_assessment_cannot_be_linked(provider, other_provider, participant):
    theirs = create_participant(other_provider, externalID="t-1")
    foreign = assessment(
        provider_id=other_provider.id, participant_id=theirs["participantID"], event="sign_in"
    )
    response = open_review(provider, participantID="rev-1", reason="r", assessmentID=foreign.pk)
    assert response.status_code == 422
    assert not ReviewCommand.objects.exists()


def test_requires_participant_review_write(provider, participant):
    read_only = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_READ)
    response = open_review(provider, client=read_only, participantID="rev-1", reason="r")
    assert response.status_code == 403
    writer = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_WRITE)
    assert open_review(provider, client=writer, participantID="rev-1", reason="r").status_code == (
        202
    )


def test_a_202_is_not_an_open_review_until_the_command_is_applied(provider, participant):
    """The review is opened by a task after the request commits: until then the list, the
    detail and the queue know nothing of it, and once applied it is listed."""
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        response = provider.client.post(
            provider.url("/participant-reviews"),
            {"participantID": "rev-1", "reason": "Not yet"},
            format="json",
            HTTP_X_IDEMPOTENCY_KEY="not-yet",
        )
    assert response.status_code == 202
    assert ReviewCommand.objects.get().status == "pending"
    assert not ParticipantReview.objects.exists()
    listed = provider.client.get(provider.url("/participant-reviews")).json()
    assert listed == {"reviews": [], "hasMore": False}

    for callback in callbacks:  # the commit happens: the task is enqueued and applied
        callback()
    [row] = provider.client.get(provider.url("/participant-reviews")).json()["reviews"]
    assert row["participantID"] == participant["participantID"]
    assert row["status"] == "pending" and row["reason"] == "Not yet"
    assert ReviewCommand.objects.get().status == "applied"
