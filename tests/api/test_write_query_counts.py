"""What each write costs the database, pinned: the statements of one request (authentication,
the transaction's own BEGIN and COMMIT, or here the savepoint the test's transaction turns
them into, included), counted on PostgreSQL. A number that grows fails here first; one that
shrinks is lowered here with the change that shrank it (docs/decisions/write-round-trips.md)."""

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from config.celery import app as celery_app
from payments import services as payment_services
from tests.participants.factories import create_participant, participant_payload
from tests.payments.factories import enroll

pytestmark = pytest.mark.postgres

# Statements per request, pinned so that a change adding a round trip to a write says so
# (what each write's statements are, and the ones removed: docs/decisions/write-round-trips.md).
CREATE = 6
SUSPEND = 8
REACTIVATE = 8
OPEN_REVIEW = 7
WEBHOOK_ENDPOINT = 6
# The payout read back after the commit is one of them: with a broker a worker may have moved
# it before the caller reads it (docs/decisions/seed-waits-for-workers.md).
PAYOUT = 22


def _count(send) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = send()
    assert 200 <= response.status_code < 300, response.content
    return len(captured)


def _post(ctx, path: str, body: dict, key: str):
    def send():
        return ctx.client.post(ctx.url(path), body, format="json", HTTP_X_IDEMPOTENCY_KEY=key)

    return send


def _version(ctx, ref: str) -> str:
    return ctx.client.get(ctx.url(f"/participants/{ref}")).json()["relationship"]["versionID"]


def test_participant_create(provider):
    create_participant(provider)  # authentication's once-a-minute write of the key's last use
    assert _count(_post(provider, "/participants", participant_payload(), "qc-create")) == CREATE


def test_suspension_and_reactivation(provider):
    ref = create_participant(provider)["externalID"]
    suspend = {"reasonCode": "other", "note": "qc", "expectedVersionID": _version(provider, ref)}
    path = f"/participants/{ref}"
    assert _count(_post(provider, f"{path}/suspensions", suspend, "qc-suspend")) == SUSPEND
    reactivate = {"note": "qc", "expectedVersionID": _version(provider, ref)}
    assert _count(_post(provider, f"{path}/reactivations", reactivate, "qc-re")) == REACTIVATE


def test_participant_review_open(provider):
    ref = create_participant(provider)["externalID"]
    body = {"participantID": ref, "reason": "qc"}
    assert _count(_post(provider, "/participant-reviews", body, "qc-open")) == OPEN_REVIEW


def test_webhook_endpoint_create(provider):
    create_participant(provider)
    body = {"url": "https://93.184.215.14/hooks/qc", "eventTypes": ["participant.activated"]}
    assert _count(_post(provider, "/webhook-endpoints", body, "qc-hook")) == WEBHOOK_ENDPOINT


def test_payout_through_the_service(provider):
    celery_app.conf.task_always_eager = False  # with a broker, as served (conftest resets it)
    sender = enroll(provider.provider, external_id="qc-sender")

    class Created:
        status_code = 201

    def send():
        payment_services.create_payout(
            data=payment_services.NewPayout(
                provider_id=provider.id,
                sender=sender.external_id,
                recipient_phone="+14155550123",
                amount_minor=100,
                currency=settings.PLATFORM_CURRENCY,
            ),
            actor=Actor.system(),
        )
        return Created

    assert _count(send) == PAYOUT
