"""GET …/participant-reviews/{reviewID} and PUT …/{reviewID}/assignment (202, applied later,
stale versions rejected when applied and recorded on the command)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api import scopes
from common.actors import Actor
from participants.selectors import get_enrollment
from reviews.models import ParticipantReview, ReviewCommand
from reviews.services import participant_reviews
from tests.participants.factories import create_participant
from tests.problems import assert_not_found, without_occurrence
from tests.reviews.factories import cleared
from tests.reviews.http import assign, detail, get_review, open_review
from tests.risk.factories import assessment

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"
NO_REVIEW = "No participant review with that ID exists for this provider."


@pytest.fixture
def review(provider):
    body = create_participant(provider, externalID="det-1")
    found = assessment(provider_id=provider.id, participant_id=body["participantID"])
    open_review(provider, participantID="det-1", reason="Look at this", assessmentID=found.pk)
    return ParticipantReview.objects.get(participant_id=body["participantID"])


def test_detail_carries_both_versions_from_one_read(provider, review):
    body = detail(provider, review.pk)
    enrollment = get_enrollment(provider.id, "det-1")
    assert body["versionID"] == review.version_id
    assert body["relationship"] == {
        "suspended": False,
        "versionID": enrollment.relationship_version_id,
    }
    assert body["assessmentIDs"] == [review.assessments.get().pk]
    assert body["notes"] == []
    # The review and the relationship come from a single row read (a join), not two reads
    # that a concurrent change could fall between.
    with CaptureQueriesContext(connection) as captured:
        get_review(provider, review.pk)
    review_reads = [
        q["sql"]
        for q in captured.captured_queries
        if 'FROM "reviews_participantreview" ' in q["sql"]
    ]
    assert len(review_reads) == 1 and "participants_enrollment" in review_reads[0]


def test_detail_of_a_missing_or_foreign_review_is_the_same_404(provider, other_provider, review):
    foreign = get_review(other_provider, review.pk)
    missing = get_review(other_provider, "rev_01ARZ3NDEKTSV4RRFFQ69G5FAV")
    assert_not_found(foreign, NO_REVIEW)
    assert_not_found(missing, NO_REVIEW)
    assert without_occurrence(foreign.json()) == without_occurrence(missing.json())


def test_detail_requires_participant_review_read(provider, review):
    client = provider.client_with_scopes(scopes.PARTICIPANTS_READ)
    assert get_review(provider, review.pk, client=client).status_code == 403


def test_resolution_and_notes_record_actor_and_display(provider, review):
    staff = get_user_model().objects.create_user(
        "analyst", email="ana@service.example", first_name="Ana", last_name="Lyst"
    )
    user = Actor.user(staff, provider_id=provider.id)
    participant_reviews.add_note(
        provider_id=provider.id,
        review_id=review.pk,
        text="Called the customer",
        expected_version_id=review.version_id,
        actor=user,
    )
    review.refresh_from_db()
    cleared(review, reason="Customer confirmed", actor=user)
    body = detail(provider, review.pk)
    assert body["status"] == "resolved"
    note = body["notes"][0]
    assert note["text"] == "Called the customer"
    assert note["actor"] == {
        "kind": "user",
        "userID": str(staff.pk),
        "callingAccountID": provider.id,
    }
    assert note["resolvedByDisplay"] == {"displayName": "Ana Lyst", "email": "ana@service.example"}
    resolution = body["resolution"]
    assert resolution["action"] == "no_action" and resolution["reason"] == "Customer confirmed"
    assert "reasonCode" not in resolution
    assert resolution["actor"]["kind"] == "user"
    assert resolution["resolvedByDisplay"]["displayName"] == "Ana Lyst"
    assert resolution["resolvedOn"]
    # Closing a review never reactivates (or otherwise touches) the relationship.
    assert body["relationship"]["suspended"] is False


def test_system_resolution_has_a_fixed_display_and_no_calling_account(provider, review):
    cleared(review, reason="Auto-cleared")
    resolution = detail(provider, review.pk)["resolution"]
    assert resolution["actor"] == {"kind": "system"}
    assert resolution["resolvedByDisplay"] == {"displayName": "Provider Service (automated)"}


def test_assignment_is_202_then_applied_with_a_new_version(provider, review):
    before = detail(provider, review.pk)
    response = assign(
        provider,
        review.pk,
        key="as-1",
        assigneeUserID="u-42",
        expectedVersionID=before["versionID"],
    )
    assert response.status_code == 202 and response.content == b""
    assert response["X-Idempotency-Key"] == "as-1"
    after = detail(provider, review.pk)
    assert after["assigneeUserID"] == "u-42"
    assert after["versionID"] != before["versionID"]
    # Replacing the assignee needs the new version.
    assign(provider, review.pk, assigneeUserID="u-7", expectedVersionID=after["versionID"])
    assert detail(provider, review.pk)["assigneeUserID"] == "u-7"


def test_stale_assignment_is_accepted_then_rejected_when_applied_and_recorded(provider, review):
    response = assign(provider, review.pk, assigneeUserID="u-42", expectedVersionID="stale")
    assert response.status_code == 202
    body = detail(provider, review.pk)
    assert "assigneeUserID" not in body and body["versionID"] == review.version_id
    command = ReviewCommand.objects.get(kind="assign")
    assert command.status == "rejected"
    assert "changed" in command.rejection


def test_assignment_of_a_resolved_review_is_rejected_when_applied(provider, review):
    cleared(review, reason="Done")
    version = detail(provider, review.pk)["versionID"]
    assert assign(
        provider, review.pk, assigneeUserID="u", expectedVersionID=version
    ).status_code == (202)
    command = ReviewCommand.objects.get(kind="assign")
    assert command.status == "rejected" and "resolved" in command.rejection
    assert "assigneeUserID" not in detail(provider, review.pk)


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"expectedVersionID": "v"}, "/assigneeUserID"),
        ({"assigneeUserID": "", "expectedVersionID": "v"}, "/assigneeUserID"),
        ({"assigneeUserID": "u"}, "/expectedVersionID"),
    ],
)
def test_assignment_validation_is_422_and_accepts_nothing(provider, review, body, pointer):
    response = assign(provider, review.pk, **body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.json()["errors"]]
    assert not ReviewCommand.objects.filter(kind="assign").exists()


def test_assignment_of_a_foreign_review_is_404_and_accepts_nothing(
    provider, other_provider, review
):
    response = assign(other_provider, review.pk, assigneeUserID="u", expectedVersionID="v")
    assert_not_found(response, NO_REVIEW)
    assert not ReviewCommand.objects.filter(kind="assign").exists()


def test_assignment_idempotency(provider, review):
    version = review.version_id
    first = assign(provider, review.pk, key="same", assigneeUserID="u", expectedVersionID=version)
    again = assign(provider, review.pk, key="same", assigneeUserID="u", expectedVersionID=version)
    assert first.status_code == again.status_code == 202
    assert ReviewCommand.objects.filter(kind="assign").count() == 1
    reused = assign(provider, review.pk, key="same", assigneeUserID="v", expectedVersionID=version)
    assert reused.status_code == 409
    assert reused.json()["type"].endswith("/errors#idempotency-key-reused")
    no_key = provider.client.put(
        provider.url(f"/participant-reviews/{review.pk}/assignment"),
        {"assigneeUserID": "u", "expectedVersionID": version},
        format="json",
    )
    assert no_key.status_code == 400


def test_assignment_requires_participant_review_write(provider, review):
    client = provider.client_with_scopes(scopes.PARTICIPANT_REVIEWS_READ)
    response = assign(provider, review.pk, client=client, assigneeUserID="u", expectedVersionID="v")
    assert response.status_code == 403


def test_a_second_participant_in_review_does_not_share_the_pending_slot(provider, review):
    create_participant(provider, externalID="det-2")
    open_review(provider, participantID="det-2", reason="Another")
    assert ParticipantReview.objects.filter(status="pending").count() == 2


def _note(provider, review, text, actor):
    review.refresh_from_db()
    participant_reviews.add_note(
        provider_id=provider.id,
        review_id=review.pk,
        text=text,
        expected_version_id=review.version_id,
        actor=actor,
    )


def test_notes_are_oldest_first_with_their_time_and_actor(provider, review):
    staff = get_user_model().objects.create_user("ana", first_name="Ana", last_name="Lyst")
    texts = ["First call", "Second call", "Third call"]
    for text in texts:
        _note(provider, review, text, Actor.user(staff, provider_id=provider.id))
    notes = detail(provider, review.pk)["notes"]
    assert [note["text"] for note in notes] == texts
    times = [note["createdOn"] for note in notes]
    assert all(times) and times == sorted(times)
    assert {note["actor"]["kind"] for note in notes} == {"user"}


def test_a_person_without_an_email_has_a_display_without_email(provider, review):
    staff = get_user_model().objects.create_user("noemail", first_name="No", last_name="Mail")
    actor = Actor.user(staff, provider_id=provider.id)
    _note(provider, review, "Checked", actor)
    review.refresh_from_db()
    cleared(review, reason="Fine", actor=actor)
    body = detail(provider, review.pk)
    assert body["notes"][0]["resolvedByDisplay"] == {"displayName": "No Mail"}
    assert body["resolution"]["resolvedByDisplay"] == {"displayName": "No Mail"}


def test_a_display_that_was_never_recorded_is_omitted_entirely(provider, review):
    """An actor recorded without a display (a user ID from an integration, nothing more)."""
    actor = Actor(kind="user", user_id="u-9", calling_account_id=provider.id)
    _note(provider, review, "From the integration", actor)
    review.refresh_from_db()
    cleared(review, reason="Closed by the integration", actor=actor)
    body = detail(provider, review.pk)
    expected_actor = {"kind": "user", "userID": "u-9", "callingAccountID": provider.id}
    assert body["notes"][0] == {
        "text": "From the integration",
        "createdOn": body["notes"][0]["createdOn"],
        "actor": expected_actor,
    }
    resolution = body["resolution"]
    assert "resolvedByDisplay" not in resolution
    assert resolution["actor"] == expected_actor


def test_an_application_display_has_a_fixed_label_and_no_email(provider, review):
    actor = Actor.application(key_id=provider.key_id, provider_id=provider.id)
    _note(provider, review, "From the provider's app", actor)
    body = detail(provider, review.pk)
    assert body["notes"][0]["actor"] == {
        "kind": "application",
        "applicationKeyID": provider.key_id,
        "callingAccountID": provider.id,
    }
    assert body["notes"][0]["resolvedByDisplay"] == {"displayName": "Provider application"}
