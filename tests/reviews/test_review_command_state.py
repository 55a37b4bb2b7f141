"""A 202 (open, assign) names its command (X-Command-ID) and where to follow it (Location):
GET …/review-commands/{commandID} answers pending, applied or rejected (with the problem),
within the provider and under the reviews' read scope. The body stays as the contract leaves
it, and a replay names the same command."""

import pytest
from django.test import TestCase

from api import scopes
from api.idempotency import REPLAY_HEADER
from reviews.models import ParticipantReview, ReviewCommand
from tests.events.support import only
from tests.participants.factories import create_participant
from tests.problems import assert_not_found, without_occurrence
from tests.reviews.factories import cleared, pending_review
from tests.reviews.http import assign, open_review, post_open

pytestmark = pytest.mark.django_db

NO_COMMAND = "No review command with that ID exists for this provider."
MISSING = "cmd_01ARZ3NDEKTSV4RRFFQ69G5FAV"


@pytest.fixture
def participant(provider):
    return create_participant(provider, externalID="cmd-1")


def follow(ctx, response, client=None):
    """The Location of a 202, read as the provider would poll it."""
    return (client or ctx.client).get(response["Location"])


def get_command(ctx, command_id, client=None):
    return (client or ctx.client).get(ctx.url(f"/review-commands/{command_id}"))


def test_an_open_names_its_command_and_its_location_resolves_to_the_applied_state(
    provider, participant
):
    response = open_review(provider, key="open-1", participantID="cmd-1", reason="Chargebacks")
    assert response.status_code == 202 and response.content == b""
    command_id = response["X-Command-ID"]
    assert response["Location"] == f"/providers/{provider.id}/review-commands/{command_id}"
    assert not response.has_header(REPLAY_HEADER)

    read = follow(provider, response)
    assert read.status_code == 200
    review = ParticipantReview.objects.get(participant_id=participant["participantID"])
    command = ReviewCommand.objects.get(pk=command_id)
    body = read.json()["command"]
    assert body == {
        "commandID": command_id,
        "command": "open",
        "status": "applied",
        "idempotencyKey": "open-1",
        "reviewID": review.pk,
        "createdOn": body["createdOn"],
        "appliedOn": body["appliedOn"],
    }
    assert body["createdOn"] <= body["appliedOn"]
    assert body["createdOn"].startswith(command.created_on.strftime("%Y-%m-%dT%H:%M:%S"))
    # The events feed announces the same outcome of the same command.
    applied = only(provider.id, "command.applied")
    assert applied.data["commandID"] == command_id
    assert applied.data["reviewID"] == review.pk


def test_a_command_not_yet_applied_reads_as_pending_without_outcome(provider, participant):
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        response = post_open(provider, participantID="cmd-1", reason="Not yet")
    assert response.status_code == 202
    pending = follow(provider, response).json()["command"]
    assert pending["status"] == "pending"
    # Nothing is known of the outcome yet: no review, no time applied, no problem.
    assert {"reviewID", "appliedOn", "problem"}.isdisjoint(pending)

    for callback in callbacks:  # the commit happens: the task is enqueued and applied
        callback()
    applied = follow(provider, response).json()["command"]
    assert applied["status"] == "applied" and applied["reviewID"]
    assert applied["createdOn"] == pending["createdOn"]


def test_a_rejected_assignment_reads_with_the_problem_its_event_reports(provider):
    review = pending_review(provider.provider)
    response = assign(
        provider, review.pk, key="stale-1", assigneeUserID="u-1", expectedVersionID="stale"
    )
    assert response.status_code == 202 and response.content == b""
    body = follow(provider, response).json()["command"]
    assert body["status"] == "rejected"
    assert body["command"] == "assign" and body["reviewID"] == review.pk
    assert body["appliedOn"]
    problem = body["problem"]
    assert problem["type"].endswith("/errors#participant-review-version-conflict")
    assert problem["status"] == 409 and problem["title"] == "Conflict"
    assert "changed" in problem["detail"]
    event = only(provider.id, "command.rejected")
    assert event.data["commandID"] == response["X-Command-ID"]
    reported = {k: v for k, v in event.data["problem"].items() if k != "requestID"}
    assert problem == reported


def test_an_assignment_of_a_resolved_review_reads_as_a_state_conflict(provider):
    review = pending_review(provider.provider)
    cleared(review)
    review.refresh_from_db()
    response = assign(provider, review.pk, assigneeUserID="u", expectedVersionID=review.version_id)
    problem = follow(provider, response).json()["command"]["problem"]
    assert problem["type"].endswith("/errors#state-conflict")
    assert problem["detail"] == "The review is resolved; it can no longer be assigned."


def test_a_command_rejected_before_its_problem_was_recorded_reads_as_a_conflict(provider):
    """Rejections recorded before the problem was kept have only their text."""
    review = pending_review(provider.provider)
    response = assign(provider, review.pk, assigneeUserID="u", expectedVersionID="stale")
    ReviewCommand.objects.filter(pk=response["X-Command-ID"]).update(rejection_problem=None)
    command = ReviewCommand.objects.get(pk=response["X-Command-ID"])
    problem = follow(provider, response).json()["command"]["problem"]
    assert problem == {
        "type": "about:blank",
        "title": "Conflict",
        "status": 409,
        "detail": command.rejection,
    }


def test_a_replay_names_the_same_command_and_says_it_is_a_replay(provider, participant):
    first = open_review(provider, key="again", participantID="cmd-1", reason="r")
    second = open_review(provider, key="again", participantID="cmd-1", reason="r")
    assert first.status_code == second.status_code == 202
    assert second.content == first.content == b""
    assert second["X-Command-ID"] == first["X-Command-ID"]
    assert second["Location"] == first["Location"]
    assert second[REPLAY_HEADER] == "true" and not first.has_header(REPLAY_HEADER)
    assert ReviewCommand.objects.count() == 1


def test_an_assignment_replay_names_the_same_command(provider):
    review = pending_review(provider.provider)
    body = {"assigneeUserID": "u", "expectedVersionID": review.version_id}
    first = assign(provider, review.pk, key="as-again", **body)
    second = assign(provider, review.pk, key="as-again", **body)
    assert second["X-Command-ID"] == first["X-Command-ID"]
    assert second["Location"] == first["Location"]
    assert second[REPLAY_HEADER] == "true"
    assert follow(provider, second).json()["command"]["status"] == "applied"


def test_another_providers_command_is_the_same_404_as_a_missing_one(
    provider, other_provider, participant
):
    response = open_review(provider, participantID="cmd-1", reason="r")
    foreign = get_command(other_provider, response["X-Command-ID"])
    missing = get_command(other_provider, MISSING)
    assert_not_found(foreign, NO_COMMAND)
    assert_not_found(missing, NO_COMMAND)
    assert without_occurrence(foreign.json()) == without_occurrence(missing.json())
    # Its own provider reads it.
    assert get_command(provider, response["X-Command-ID"]).status_code == 200


def test_reading_a_command_requires_participant_review_read(provider, participant):
    response = open_review(provider, participantID="cmd-1", reason="r")
    writer = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_WRITE)
    assert follow(provider, response, client=writer).status_code == 403
    reader = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_READ)
    assert follow(provider, response, client=reader).status_code == 200


def test_a_failed_request_names_no_command(provider, participant):
    response = open_review(provider, participantID="cmd-1", reason="")
    assert response.status_code == 422
    assert not response.has_header("X-Command-ID") and not response.has_header("Location")
    assert not ReviewCommand.objects.exists()
