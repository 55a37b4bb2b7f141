"""A request whose claim's snapshot missed the original request with its key, committed while
the lock was being granted (api.idempotency.settled_meanwhile): its answer is the original's,
never the conflict the original's change caused. The stale snapshot is made by reading the key
as absent, which is what PostgreSQL's statement snapshot gives in that instant."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from api import idempotency
from participants.models import Enrollment
from tests.participants.factories import participant_payload

pytestmark = [pytest.mark.postgres, pytest.mark.pgbouncer, pytest.mark.django_db]


def post(ctx, body, key):
    return ctx.client.post(
        ctx.url("/participants"), body, format="json", HTTP_X_IDEMPOTENCY_KEY=key
    )


def stale_snapshot(monkeypatch) -> None:
    """The next claims are granted the lock but see no record, as if the request holding the
    key committed just after their statement's snapshot was taken."""
    monkeypatch.setattr(idempotency, "_lock_and_read", lambda provider_id, key: (True, None))


def test_a_duplicate_gets_the_original_answer_not_duplicate_external_id(provider, monkeypatch):
    body = participant_payload(externalID="raced")
    first = post(provider, body, "raced-key")
    assert first.status_code == 201
    stale_snapshot(monkeypatch)
    second = post(provider, body, "raced-key")
    assert second.status_code == 201, second.content
    assert second.content == first.content
    assert second[idempotency.REPLAY_HEADER] == "true"
    assert not first.has_header(idempotency.REPLAY_HEADER)
    assert Enrollment.objects.filter(external_id="raced").count() == 1


def test_another_request_meeting_the_original_change_is_409_reused(provider, monkeypatch):
    assert post(provider, participant_payload(externalID="same"), "k-reuse").status_code == 201
    stale_snapshot(monkeypatch)
    # Another body (same externalID, another name): the handler meets the first participant.
    response = post(provider, participant_payload(externalID="same", givenName="Other"), "k-reuse")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#idempotency-key-reused")
    assert Enrollment.objects.count() == 1


def test_another_request_that_succeeds_meets_the_key_at_completion_and_is_409_reused(
    provider, monkeypatch
):
    assert post(provider, participant_payload(externalID="one"), "k-complete").status_code == 201
    stale_snapshot(monkeypatch)
    response = post(provider, participant_payload(externalID="two"), "k-complete")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#idempotency-key-reused")
    assert list(Enrollment.objects.values_list("external_id", flat=True)) == ["one"]


def test_a_failure_of_its_own_is_answered_as_such(provider, monkeypatch):
    """Nothing committed meanwhile: the request's own error, not a replay."""
    assert post(provider, participant_payload(externalID="taken"), "k-first").status_code == 201
    stale_snapshot(monkeypatch)
    response = post(provider, participant_payload(externalID="taken"), "k-second")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#duplicate-external-id")


def test_a_stale_record_restored_by_the_rollback_is_not_replayed(provider):
    """The claim deletes a key past its window to start anew; the request fails, the rollback
    restores the old record, and that record is no answer to this request."""
    assert post(provider, participant_payload(externalID="day-1"), "daily").status_code == 201
    with time_machine.travel(timezone.now() + timedelta(hours=24, seconds=1)):
        response = post(provider, participant_payload(givenName=""), "daily")
    assert response.status_code == 422
    assert Enrollment.objects.count() == 1
