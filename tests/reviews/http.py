"""The review endpoints as a provider calls them (one helper per route).

Writes run their on-commit work before returning (the test's own transaction never commits),
so a 202 command is applied by its task as it would be after a real commit."""

import functools
import itertools

from django.test import TestCase

_keys = itertools.count(1)


def _committed(call):
    @functools.wraps(call)
    def wrapper(*args, **kwargs):
        with TestCase.captureOnCommitCallbacks(execute=True):
            return call(*args, **kwargs)

    return wrapper


def _key(key):
    return key or f"review-key-{next(_keys)}"


def list_reviews(ctx, client=None, **params):
    return (client or ctx.client).get(ctx.url("/participant-reviews"), params)


def post_open(ctx, key=None, client=None, **body):
    """The open as sent, its on-commit work (the task) left to the caller."""
    return (client or ctx.client).post(
        ctx.url("/participant-reviews"), body, format="json", HTTP_X_IDEMPOTENCY_KEY=_key(key)
    )


open_review = _committed(post_open)


def get_review(ctx, review_id, client=None):
    return (client or ctx.client).get(ctx.url(f"/participant-reviews/{review_id}"))


def detail(ctx, review_id) -> dict:
    response = get_review(ctx, review_id)
    assert response.status_code == 200, response.content
    return response.json()["review"]


@_committed
def assign(ctx, review_id, key=None, client=None, **body):
    return (client or ctx.client).put(
        ctx.url(f"/participant-reviews/{review_id}/assignment"),
        body,
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=_key(key),
    )


@_committed
def suspend(ctx, review_id, key=None, client=None, **body):
    return (client or ctx.client).post(
        ctx.url(f"/participant-reviews/{review_id}/suspensions"),
        body,
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=_key(key),
    )


def suspend_body(review: dict, **overrides) -> dict:
    """A valid suspension of a review read from its detail."""
    body = {
        "reason": "Confirmed account takeover",
        "reasonCode": "account-compromise",
        "expectedVersionID": review["versionID"],
        "expectedRelationshipVersionID": review["relationship"]["versionID"],
    }
    body.update(overrides)
    return body


@_committed
def resolve(ctx, review_id, client=None, key=None, **body):
    headers = {"HTTP_X_IDEMPOTENCY_KEY": key} if key else {}
    return (client or ctx.client).post(
        ctx.url(f"/reviews/{review_id}/resolutions"), body, format="json", **headers
    )
