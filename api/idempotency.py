"""X-Idempotency-Key: claim, complete and replay.

A key is claimed, the view's work done and the response stored in one transaction (see
`api.views.ProviderEndpoint.run_handler`): an accepted request and its replayable answer
cannot be separated by a crash, and a request that fails leaves nothing behind, so a corrected
retry may use the key. The claim is a transaction-scoped advisory lock on the key
(PostgreSQL), taken without waiting: a concurrent request with the same key finds it held and
answers idempotency-request-in-progress at once, as when the claim was a row committed on its
own, without that row's own transaction. The record is written once, completed, at the end.

Every stored response body is sealed (common.sealed, the machinery of the webhook and ledger
secrets) under IDEMPOTENCY_ENCRYPTION_KEY and bound to its provider and key: a response can
show a credential once (a webhook endpoint's signing secret, a rotated secret), and any body
can hold a participant's personal data. A database dump reveals none of them.
"""

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError
from django.http import HttpResponse
from django.utils import timezone

from api.models import IdempotencyRecord
from common import bounded_json, sealed
from common.errors import BadRequest, IdempotencyKeyReused, IdempotencyRequestInProgress
from common.statements import Statement, insert_row, model_from_row

HEADER = "X-Idempotency-Key"
META_KEY = "HTTP_X_IDEMPOTENCY_KEY"
MAX_LENGTH = 255
# Headers worth replaying beside the body; the rest are recomputed on the way out.
REPLAYED_HEADERS = ("Content-Type", "Location", "X-Command-ID")
# Set on a replayed answer only (never on the first): the body stays byte-identical, so this
# is how a client tells a retry that found the original outcome from a new one.
REPLAY_HEADER = "Idempotent-Replayed"
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
            bounded_json.loads(body or b"null"), sort_keys=True, separators=(",", ":")
        ).encode()
    except (ValueError, UnicodeDecodeError):
        # Not JSON, or nested too deep to read (the parser refuses both): the bytes as sent.
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
    # A record past its window, or abandoned, that this claim deleted to start anew.
    replaced: datetime | None = None

    def replay_response(self) -> HttpResponse:
        record = self.record
        response = HttpResponse(open_body(record), status=record.response_status)
        for name, value in record.response_headers.items():
            response[name] = value
        response[REPLAY_HEADER] = "true"
        return response


def _in_progress(key: str) -> IdempotencyRequestInProgress:
    return IdempotencyRequestInProgress(
        f"A request with {HEADER} {key!r} is still being processed; retry later."
    )


def _lock_id(provider_id: str, key: str) -> int:
    """The key's advisory lock: 64 bits of a digest of provider and key (a collision can only
    make a request answer in-progress while another key's request runs)."""
    digest = hashlib.blake2b(f"{provider_id}\n{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _claim_text(connection) -> str:
    """The lock and the key's record in one round trip (PostgreSQL). The statement's snapshot
    is taken before the lock is granted: a request holding the key that commits in between is
    not seen, and this one's `complete` then meets its row and answers in-progress (it was)."""
    table = IdempotencyRecord._meta.db_table
    columns = ", ".join(f'r."{f.column}"' for f in IdempotencyRecord._meta.concrete_fields)
    return (
        f"SELECT pg_try_advisory_xact_lock(%s), {columns} FROM (SELECT 1) AS one "
        f'LEFT JOIN "{table}" r ON r.provider_id = %s AND r.key = %s'
    )


# On the primary, where the request's transaction holds the lock.
CLAIM = Statement(IdempotencyRecord, _claim_text, write=True)


def _lock_and_read(provider_id: str, key: str) -> tuple[bool, IdempotencyRecord | None]:
    """Hold the key until the transaction ends (False when another transaction holds it) and
    read its record. SQLite has no advisory locks and needs none: it runs one writing
    transaction at a time."""
    if not CLAIM.applies():
        return True, IdempotencyRecord.objects.filter(provider_id=provider_id, key=key).first()
    locked, *values = CLAIM.fetchone([_lock_id(provider_id, key), provider_id, key])
    if values[0] is None:
        return locked, None
    return locked, model_from_row(
        IdempotencyRecord, IdempotencyRecord._meta.concrete_fields, values
    )


def claim(*, provider_id: str, key: str, fingerprint: str) -> Claim:
    """Claim the key inside the request's transaction: a replay when it completed with the
    same request, a 409 when it was used with another request or is still running, else a
    record to complete (unsaved: `complete` writes it with the response)."""
    locked, existing = _lock_and_read(provider_id, key)
    if not locked:
        raise _in_progress(key)
    now, replaced = timezone.now(), None
    if existing is not None:
        stale_before = now - timedelta(seconds=settings.IDEMPOTENCY_LOCK_SECONDS)
        expired = existing.expires_on is not None and existing.expires_on <= now
        # A row left in progress (written by a claim that committed on its own, before the
        # claim moved into the request's transaction) is reclaimed once stale.
        abandoned = existing.state == IdempotencyRecord.State.IN_PROGRESS and (
            existing.created_on <= stale_before
        )
        if expired or abandoned:
            # After the window the same key starts a new operation.
            existing.delete()
            replaced = existing.created_on
        else:
            return _answered_by(existing, fingerprint)
    record = IdempotencyRecord(
        provider_id=provider_id, key=key, fingerprint=fingerprint, created_on=now
    )
    return Claim(record, replaced=replaced)


def settled_meanwhile(claim: Claim) -> Claim | None:
    """After a fresh claim's request failed (and rolled back): the key's record if another
    request with the key committed it meanwhile, else None. The claim's snapshot predates
    the lock, so a request holding the key that committed in that instant was not seen; its
    change then made this one fail (a participant with the same externalID, a participant
    already suspended), which is not this request's answer: the first request's is. A
    record with another request's fingerprint raises idempotency-key-reused, as the claim
    would have. SQLite runs one writing transaction at a time: nothing can commit meanwhile."""
    if not CLAIM.applies():
        return None
    record = claim.record
    existing = IdempotencyRecord.objects.filter(provider_id=record.provider_id, key=record.key)
    if claim.replaced is not None:  # restored by the rollback, and no answer to this request
        existing = existing.filter(created_on__gt=claim.replaced)
    existing = existing.first()
    if existing is None:
        return None  # the failure is this request's own
    return _answered_by(existing, record.fingerprint)


def _answered_by(existing: IdempotencyRecord, fingerprint: str) -> Claim:
    """What a live record of the key answers a request with `fingerprint`: its replay, or
    idempotency-key-reused for another request, or in-progress while it runs."""
    if existing.fingerprint != fingerprint:
        raise IdempotencyKeyReused(
            f"{HEADER} {existing.key!r} was already used with a different request."
        )
    if existing.state == IdempotencyRecord.State.IN_PROGRESS:
        raise _in_progress(existing.key)
    return Claim(existing, replay=True)


def complete(record: IdempotencyRecord, response) -> None:
    """Store a 2xx response for replay: one insert, in the transaction that made it."""
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
    try:
        insert_row(record)  # every write ends with it: a statement built once
    except IntegrityError:
        # Only a writer that skipped the key's lock can get here; the request rolls back.
        raise _in_progress(record.key) from None


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
