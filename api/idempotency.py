"""X-Idempotency-Key: claim, complete, release and replay.

A key is claimed in its own short transaction (the unique constraint is the lock), so a
concurrent request with the same key sees it at once. The view's work and the stored response
then commit together (see `api.views.ProviderAPIView`), so an accepted request and its
replayable answer cannot be separated by a crash.

Every stored response body is sealed (common.sealed, the machinery of the webhook and ledger
secrets) under IDEMPOTENCY_ENCRYPTION_KEY and bound to its provider and key: a response can
show a credential once (a webhook endpoint's signing secret, a rotated secret), and any body
can hold a participant's personal data. A database dump reveals none of them.
"""

import hashlib
import json
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.utils import timezone

from api.models import IdempotencyRecord
from common import sealed
from common.errors import BadRequest, IdempotencyKeyReused, IdempotencyRequestInProgress

HEADER = "X-Idempotency-Key"
META_KEY = "HTTP_X_IDEMPOTENCY_KEY"
MAX_LENGTH = 255
# Headers worth replaying beside the body; the rest are recomputed on the way out.
REPLAYED_HEADERS = ("Content-Type", "Location")
_LABEL = b"provider-service/idempotent-response-at-rest/v1"


def _binding(record: IdempotencyRecord) -> dict:
    return {"providerID": record.provider_id, "idempotencyKey": record.key}


def _key() -> str:
    return settings.IDEMPOTENCY_ENCRYPTION_KEY or settings.SECRET_KEY


def seal_body(record: IdempotencyRecord, body: bytes) -> bytes:
    return sealed.seal(body, secret=_key(), label=_LABEL, binding=_binding(record)).encode()


def open_body(record: IdempotencyRecord) -> bytes:
    """The stored body in clear; a sealed one that no longer opens (the key changed) is a
    409: the operation happened, but its answer cannot be given again."""
    body = bytes(record.response_body or b"")
    if not record.response_sealed:
        return body
    try:
        return sealed.unseal(body.decode(), secret=_key(), label=_LABEL, binding=_binding(record))
    except sealed.Unreadable:
        raise IdempotencyKeyReused(
            f"The response stored for {HEADER} {record.key!r} can no longer be read "
            "(its encryption key changed); check the resource's state before retrying "
            "with a new key."
        ) from None


def read_key(request) -> str:
    """The validated header value, or a 400."""
    key = request.META.get(META_KEY)
    if key is None:
        raise BadRequest(f"The {HEADER} header is required.")
    if not 1 <= len(key) <= MAX_LENGTH:
        raise BadRequest(f"{HEADER} must be 1 to {MAX_LENGTH} characters.")
    if not key.isprintable():
        raise BadRequest(f"{HEADER} must not contain control characters.")
    return key


def valid_key_or_none(request) -> str | None:
    key = request.META.get(META_KEY)
    if key is not None and 1 <= len(key) <= MAX_LENGTH and key.isprintable():
        return key
    return None


def fingerprint(method: str, path: str, body: bytes) -> str:
    try:
        canonical = json.dumps(
            json.loads(body or b"null"), sort_keys=True, separators=(",", ":")
        ).encode()
    except (ValueError, UnicodeDecodeError):
        canonical = body
    digest = hashlib.sha256()
    for part in (method.upper().encode(), path.encode(), canonical):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


@dataclass
class Claim:
    record: IdempotencyRecord
    replay: bool = False

    def replay_response(self) -> HttpResponse:
        record = self.record
        response = HttpResponse(open_body(record), status=record.response_status)
        for name, value in record.response_headers.items():
            response[name] = value
        return response


def claim(*, provider_id: str, key: str, fingerprint: str) -> Claim:
    now = timezone.now()
    stale_before = now - timedelta(seconds=settings.IDEMPOTENCY_LOCK_SECONDS)
    for _ in range(3):
        try:
            with transaction.atomic():
                record = IdempotencyRecord.objects.create(
                    provider_id=provider_id, key=key, fingerprint=fingerprint, created_on=now
                )
            return Claim(record)
        except IntegrityError:
            pass
        existing = IdempotencyRecord.objects.filter(provider_id=provider_id, key=key).first()
        if existing is None:
            continue  # released between our insert and our read: try again
        expired = existing.expires_on is not None and existing.expires_on <= now
        abandoned = existing.state == IdempotencyRecord.State.IN_PROGRESS and (
            existing.created_on <= stale_before
        )
        if expired or abandoned:
            # After the window the same key starts a new operation.
            IdempotencyRecord.objects.filter(
                pk=existing.pk, created_on=existing.created_on
            ).delete()
            continue
        if existing.fingerprint != fingerprint:
            raise IdempotencyKeyReused(
                f"{HEADER} {key!r} was already used with a different request."
            )
        if existing.state == IdempotencyRecord.State.IN_PROGRESS:
            raise IdempotencyRequestInProgress(
                f"A request with {HEADER} {key!r} is still being processed; retry later."
            )
        return Claim(existing, replay=True)
    raise IdempotencyRequestInProgress(
        f"A request with {HEADER} {key!r} is still being processed; retry later."
    )


def complete(record: IdempotencyRecord, response) -> None:
    """Store a 2xx response for replay; run inside the transaction that made it."""
    now = timezone.now()
    record.state = IdempotencyRecord.State.COMPLETED
    record.response_status = response.status_code
    body = bytes(response.content)
    # An empty body (a 202 or 204 without one) has nothing to hide, and jwcrypto cannot
    # open an empty ciphertext.
    record.response_sealed = bool(body)
    record.response_body = seal_body(record, body) if body else body
    record.response_headers = {
        name: response[name] for name in REPLAYED_HEADERS if response.has_header(name)
    }
    record.completed_on = now
    record.expires_on = now + timedelta(seconds=settings.IDEMPOTENCY_RETENTION_SECONDS)
    record.save(
        update_fields=[
            "state",
            "response_status",
            "response_body",
            "response_sealed",
            "response_headers",
            "completed_on",
            "expires_on",
        ]
    )


def release(record: IdempotencyRecord) -> None:
    """Forget a key whose request did not succeed, so a corrected retry can use it."""
    IdempotencyRecord.objects.filter(
        pk=record.pk, state=IdempotencyRecord.State.IN_PROGRESS
    ).delete()


def purge_expired(now=None) -> int:
    """Completed keys past their retention, and keys whose request never finished (the process
    died between claim and answer: `expires_on` is still NULL) once as old. Two deletes, each
    served by the `expires_on` index (NULLs included)."""
    now = now or timezone.now()
    expired, _ = IdempotencyRecord.objects.filter(expires_on__lte=now).delete()
    abandoned, _ = IdempotencyRecord.objects.filter(
        expires_on__isnull=True,
        state=IdempotencyRecord.State.IN_PROGRESS,
        created_on__lte=now - timedelta(seconds=settings.IDEMPOTENCY_RETENTION_SECONDS),
    ).delete()
    return expired + abandoned
