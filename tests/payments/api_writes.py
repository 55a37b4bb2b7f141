"""Calling the payment writes over HTTP in tests: a keyed POST, a problem document's check,
and a relationship suspended through its service."""

import itertools

from common.actors import Actor
from participants import services as participant_services
from tests.problems import PROBLEM

_keys = itertools.count()


def post(ctx, suffix, body=None, key=None, client=None):
    """POST a JSON body under the provider's path with a fresh X-Idempotency-Key (or `key`)."""
    return (client or ctx.client).post(
        ctx.url(suffix),
        body or {},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key or f"payment-write-{next(_keys)}",
    )


def problem(response, status, code=None) -> dict:
    """`response` is a problem document of `status` (and of `code`, when given)."""
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    if code:
        assert body["type"].endswith(f"/errors#{code}"), body
    return body


def suspend(enrollment) -> None:
    enrollment.refresh_from_db()
    participant_services.suspend(
        enrollment_id=enrollment.pk,
        reason_code="compliance-review",
        note="",
        expected_version_id=enrollment.relationship_version_id,
        actor=Actor.system(),
    )
