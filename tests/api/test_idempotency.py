import json
import threading
import time
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.utils import timezone

from api import idempotency
from api.models import IdempotencyRecord
from participants.models import Enrollment
from tests.concurrency import held_elsewhere
from tests.participants.factories import participant_payload

# The whole module runs again through PgBouncer in transaction mode (make test-pgbouncer).
pytestmark = pytest.mark.pgbouncer

PROBLEM = "application/problem+json"


def post(ctx, body, key):
    extra = {} if key is None else {"HTTP_X_IDEMPOTENCY_KEY": key}
    return ctx.client.post(ctx.url("/participants"), body, format="json", **extra)


@pytest.mark.django_db
@pytest.mark.parametrize("key", [None, "", "k" * 256, "tab\tinside"])
def test_missing_or_malformed_key_is_400_and_creates_nothing(provider, key):
    response = post(provider, participant_payload(), key)
    assert response.status_code == 400
    assert response["Content-Type"] == PROBLEM
    assert "X-Idempotency-Key" in response.json()["detail"]
    assert Enrollment.objects.count() == 0


@pytest.mark.django_db
def test_255_character_key_is_accepted(provider):
    assert post(provider, participant_payload(), "k" * 255).status_code == 201


@pytest.mark.django_db
def test_replay_returns_the_original_response_byte_for_byte(provider):
    body = participant_payload()
    first = post(provider, body, "same-key")
    second = post(provider, body, "same-key")
    assert first.status_code == second.status_code == 201
    assert first.content == second.content
    assert second["X-Idempotency-Key"] == "same-key"
    assert second["Content-Type"] == first["Content-Type"]
    assert Enrollment.objects.count() == 1


@pytest.mark.django_db
def test_only_a_replay_says_it_is_one(provider):
    body = participant_payload()
    first = post(provider, body, "said-key")
    assert first.status_code == 201 and not first.has_header(idempotency.REPLAY_HEADER)
    second = post(provider, body, "said-key")
    assert second[idempotency.REPLAY_HEADER] == "true"
    assert second.content == first.content  # the header is the only difference
    fresh = post(provider, participant_payload(externalID="other"), "other-key")
    assert fresh.status_code == 201 and not fresh.has_header(idempotency.REPLAY_HEADER)
    # A refused request under a used key is no replay either.
    reused = post(provider, participant_payload(externalID="changed"), "said-key")
    assert reused.status_code == 409 and not reused.has_header(idempotency.REPLAY_HEADER)


@pytest.mark.django_db
def test_replay_ignores_key_order_in_the_body(provider):
    body = participant_payload()
    reordered = dict(reversed(list(body.items())))
    first = post(provider, body, "order")
    assert post(provider, reordered, "order").content == first.content


@pytest.mark.django_db
def test_same_key_with_a_different_body_is_409_reused(provider):
    post(provider, participant_payload(externalID="a"), "reuse")
    response = post(provider, participant_payload(externalID="b"), "reuse")
    assert response.status_code == 409
    assert response["Content-Type"] == PROBLEM
    assert response.json()["type"].endswith("/errors#idempotency-key-reused")
    assert response["X-Idempotency-Key"] == "reuse"
    assert Enrollment.objects.count() == 1


@pytest.mark.django_db
def test_same_key_on_another_path_is_409_reused(provider):
    post(provider, participant_payload(), "path")
    response = provider.client.post(
        provider.url("/participants/usr_x/suspensions"),
        participant_payload(),
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="path",
    )
    assert response.status_code == 409


@pytest.mark.django_db
def test_key_still_running_is_409_in_progress(provider):
    body = participant_payload()
    IdempotencyRecord.objects.create(
        provider_id=provider.id,
        key="running",
        fingerprint=idempotency.fingerprint(
            "POST", provider.url("/participants"), json.dumps(body).encode()
        ),
        created_on=timezone.now(),
    )
    response = post(provider, body, "running")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#idempotency-request-in-progress")
    assert Enrollment.objects.count() == 0


@pytest.mark.django_db
def test_abandoned_in_progress_key_is_reclaimed(provider, settings):
    body = participant_payload()
    IdempotencyRecord.objects.create(
        provider_id=provider.id,
        key="crashed",
        fingerprint="x",
        created_on=timezone.now() - timedelta(seconds=settings.IDEMPOTENCY_LOCK_SECONDS + 1),
    )
    assert post(provider, body, "crashed").status_code == 201


@pytest.mark.django_db
def test_keys_are_scoped_per_provider(provider, other_provider):
    body = participant_payload()
    assert post(provider, body, "shared").status_code == 201
    second = post(other_provider, body, "shared")
    assert second.status_code == 201
    assert Enrollment.objects.count() == 2


@pytest.mark.django_db
def test_failed_request_releases_the_key_for_a_corrected_retry(provider):
    bad = participant_payload(givenName="")
    assert post(provider, bad, "retry-me").status_code == 422
    assert not IdempotencyRecord.objects.filter(key="retry-me").exists()
    good = participant_payload()
    assert post(provider, good, "retry-me").status_code == 201


@pytest.mark.django_db
def test_error_responses_echo_the_key(provider):
    response = post(provider, participant_payload(givenName=""), "echo-on-error")
    assert response["X-Idempotency-Key"] == "echo-on-error"


@pytest.mark.django_db
def test_after_24_hours_the_same_key_starts_a_new_operation(provider):
    post(provider, participant_payload(externalID="day-1"), "daily")
    with time_machine.travel(timezone.now() + timedelta(hours=24, seconds=1)):
        response = post(provider, participant_payload(externalID="day-2"), "daily")
    assert response.status_code == 201
    assert Enrollment.objects.count() == 2


@pytest.mark.django_db
def test_within_24_hours_the_key_still_replays(provider):
    body = participant_payload()
    first = post(provider, body, "almost")
    with time_machine.travel(timezone.now() + timedelta(hours=23, minutes=59)):
        assert post(provider, body, "almost").content == first.content


@pytest.mark.django_db
def test_the_delete_purge_deletes_only_expired_keys(provider):
    post(provider, participant_payload(), "old")
    with time_machine.travel(timezone.now() + timedelta(hours=12)):
        post(provider, participant_payload(), "young")
    with time_machine.travel(timezone.now() + timedelta(hours=25)):
        assert idempotency.purge_expired() == 1
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["young"]


@pytest.mark.django_db
def test_purge_deletes_a_key_whose_request_never_finished(provider, settings):
    """A row left in progress with no expiry (written by a claim that committed on its own,
    before claims moved into the request's transaction): once as old as the retention period
    it is purged like a completed one."""
    retention = timedelta(seconds=settings.IDEMPOTENCY_RETENTION_SECONDS)
    for key, age in (("died-long-ago", retention + timedelta(seconds=1)), ("running", None)):
        IdempotencyRecord.objects.create(
            provider_id=provider.id,
            key=key,
            fingerprint="x",
            created_on=timezone.now() - (age or timedelta(0)),
        )
    assert idempotency.purge_expired() == 1
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["running"]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_concurrent_identical_creates_make_one_participant(provider):
    from rest_framework.test import APIClient

    body = participant_payload(externalID="race")
    barrier = threading.Barrier(20)
    results: list = []
    lock = threading.Lock()

    def worker():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=provider.client._credentials["HTTP_AUTHORIZATION"])
        barrier.wait()
        try:
            response = post_with(client)
            with lock:
                results.append(response)
        finally:
            connection.close()

    def post_with(client):
        return client.post(
            provider.url("/participants"), body, format="json", HTTP_X_IDEMPOTENCY_KEY="race-key"
        )

    threads = [threading.Thread(target=worker) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert Enrollment.objects.filter(external_id="race").count() == 1
    created = [r for r in results if r.status_code == 201]
    others = [r for r in results if r.status_code != 201]
    assert len(results) == 20
    assert len({r.content for r in created}) == 1  # the first answer and its replays
    for response in others:
        assert response.status_code == 409
        assert response.json()["type"].endswith("/errors#idempotency-request-in-progress")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_key_whose_request_is_running_answers_in_progress_at_once(provider):
    """The claim is a lock held by the running request's transaction: a duplicate does not
    wait for it, and the key is free again when that transaction ends without a response."""
    body = participant_payload()

    def running_request():
        idempotency.claim(
            provider_id=provider.id,
            key="live",
            fingerprint=idempotency.fingerprint(
                "POST", provider.url("/participants"), json.dumps(body).encode()
            ),
        )

    with held_elsewhere(running_request):
        started = time.monotonic()
        response = post(provider, body, "live")
        assert time.monotonic() - started < 5  # answered, not queued behind the other one
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#idempotency-request-in-progress")
    assert post(provider, body, "live").status_code == 201
