"""Review changes and the completion of accepted-later commands emit their events to the
provider that owns the review; a 202 is followed by command.applied or command.rejected
carrying the X-Idempotency-Key it was accepted under."""

from common.actors import Actor
from limits import services as limit_services
from reviews.services import participant_reviews
from tests.events.support import events_of, only, types_of
from tests.participants.factories import create_participant


def _open(ctx, participant_id, key, reason="Lost phone"):
    return ctx.client.post(
        ctx.url("/participant-reviews"),
        {"participantID": participant_id, "reason": reason},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )


def _detail(ctx, review_id):
    return ctx.client.get(ctx.url(f"/participant-reviews/{review_id}")).json()["review"]


def test_an_open_is_followed_by_command_applied_and_the_review_events(
    provider, other_provider, django_capture_on_commit_callbacks
):
    participant_id = create_participant(provider)["participantID"]
    with django_capture_on_commit_callbacks(execute=True):
        assert _open(provider, participant_id, "open-1").status_code == 202
    opened = only(provider.id, "participant_review.opened")
    applied = only(provider.id, "command.applied")
    review_id = opened.data["reviewID"]
    assert opened.data == _detail(provider, review_id)
    assert applied.data["idempotencyKey"] == "open-1"
    assert applied.data["command"] == "open" and applied.data["reviewID"] == review_id
    assert "problem" not in applied.data

    with django_capture_on_commit_callbacks(execute=True):
        assert _open(provider, participant_id, "open-2", reason="Second report").status_code == 202
    updated = only(provider.id, "participant_review.updated")
    assert updated.data["reviewID"] == review_id
    assert [note["text"] for note in updated.data["notes"]] == ["Second report"]
    assert [e.data["idempotencyKey"] for e in events_of(provider.id, "command.applied")] == [
        "open-1",
        "open-2",
    ]
    assert types_of(other_provider.id) == []


def test_a_stale_assignment_is_reported_as_command_rejected_with_its_problem(
    provider, django_capture_on_commit_callbacks
):
    participant_id = create_participant(provider)["participantID"]
    with django_capture_on_commit_callbacks(execute=True):
        _open(provider, participant_id, "open-3")
    review_id = only(provider.id, "participant_review.opened").data["reviewID"]
    with django_capture_on_commit_callbacks(execute=True):
        response = provider.client.put(
            provider.url(f"/participant-reviews/{review_id}/assignment"),
            {"assigneeUserID": "analyst-7", "expectedVersionID": "stale"},
            format="json",
            HTTP_X_IDEMPOTENCY_KEY="assign-stale",
        )
    assert response.status_code == 202
    rejected = only(provider.id, "command.rejected")
    assert rejected.data["idempotencyKey"] == "assign-stale"
    assert rejected.data["command"] == "assign"
    problem = rejected.data["problem"]
    assert problem["status"] == 409
    assert problem["type"].endswith("/errors#participant-review-version-conflict")
    assert "participant_review.assigned" not in types_of(provider.id)

    version = _detail(provider, review_id)["versionID"]
    with django_capture_on_commit_callbacks(execute=True):
        provider.client.put(
            provider.url(f"/participant-reviews/{review_id}/assignment"),
            {"assigneeUserID": "analyst-7", "expectedVersionID": version},
            format="json",
            HTTP_X_IDEMPOTENCY_KEY="assign-ok",
        )
    assigned = only(provider.id, "participant_review.assigned")
    assert assigned.data["assigneeUserID"] == "analyst-7"


def test_suspending_from_a_review_resolves_it_and_suspends_the_relationship(
    provider, django_capture_on_commit_callbacks
):
    participant_id = create_participant(provider)["participantID"]
    with django_capture_on_commit_callbacks(execute=True):
        _open(provider, participant_id, "open-4")
    review_id = only(provider.id, "participant_review.opened").data["reviewID"]
    detail = _detail(provider, review_id)
    response = provider.client.post(
        provider.url(f"/participant-reviews/{review_id}/suspensions"),
        {
            "reason": "Confirmed takeover",
            "reasonCode": "account-compromise",
            "expectedVersionID": detail["versionID"],
            "expectedRelationshipVersionID": detail["relationship"]["versionID"],
        },
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="suspend-from-review",
    )
    assert response.status_code == 201
    resolved = only(provider.id, "participant_review.resolved")
    assert resolved.data == {**response.json()["review"], "previousStatus": "pending"}
    suspended = only(provider.id, "relationship.suspended")
    assert suspended.data["relationship"]["reasonCode"] == "account-compromise"


def test_clearing_a_review_in_the_admin_path_emits_resolved(provider):
    participant_id = create_participant(provider)["participantID"]
    from participants.selectors import get_enrollment

    enrollment = get_enrollment(provider.id, participant_id)
    review = participant_reviews.open_or_add(
        enrollment_id=enrollment.pk, reason="Check", actor=Actor.system()
    ).review
    participant_reviews.resolve_no_action(
        provider_id=provider.id,
        review_id=review.pk,
        reason="Fine",
        expected_version_id=review.version_id,
        actor=Actor.system(),
    )
    resolved = only(provider.id, "participant_review.resolved")
    assert resolved.data["resolution"]["action"] == "no_action"
    assert "relationship.suspended" not in types_of(provider.id)


def test_deleting_a_limit_group_emits_it_once(provider, other_provider):
    group = limit_services.create_limit_group(
        provider_id=provider.id,
        name="Students",
        ceilings={"dailySendCount": 3},
        actor=Actor.system(),
    )
    path = provider.url(f"/limit-groups/{group.pk}")
    assert provider.client.delete(path).status_code == 204
    assert provider.client.delete(path).status_code == 204
    event = only(provider.id, "limit_group.deleted")
    assert event.data["groupID"] == group.pk and event.data["name"] == "Students"
    assert event.data["ceilings"] == {"dailySendCount": 3}
    assert event.data["memberCount"] == 0 and "deletedOn" in event.data
    assert types_of(other_provider.id) == []
