"""One HTTP attempt of a ledger callback, classified. Retrying is the task's business."""

import json
import time
from dataclasses import dataclass

from django.conf import settings
from jwcrypto import jwk

from common import metrics, outbound, request_context
from ledger import claims, codec
from ledger.backoff import parse_retry_after

MAX_RESPONSE_BYTES = 128 * 1024
USER_AGENT = "provider-service-ledger-client/1"

# What an attempt ended with.
ANSWER = "answer"  # a trustworthy 200: see .answer
RETRYABLE = "retryable"  # 408, 429, 5xx, transport error
REJECTED = "rejected"  # any other non-200 status: terminal
BAD_RESPONSE = "bad_response"  # a 200 that cannot be trusted: terminal


@dataclass(frozen=True)
class AttemptResult:
    kind: str
    http_status: int | None
    latency_ms: int
    answer: claims.Answer | None = None
    retry_after: float | None = None
    error: str = ""


def is_retryable_status(status: int) -> bool:
    return status in (408, 429) or status >= 500


def call(
    *, url: str, key: jwk.JWK, endpoint: str, service: dict, also: tuple[jwk.JWK, ...] = ()
) -> AttemptResult:
    """One attempt sealed with `key`; the answer may be sealed with `key` or one of `also`
    (a rotation's previous key during its overlap)."""
    result = _call(url=url, key=key, endpoint=endpoint, service=service, also=also)
    metrics.observe_ledger_attempt(endpoint, result.kind, result.latency_ms / 1000)
    return result


def _headers() -> dict[str, str]:
    headers = {
        "Accept": "application/json",
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
    }
    caused_by = request_context.request_id()
    if caused_by:
        # Ties the provider's ledger log line to the API request that caused the call.
        headers["X-Request-ID"] = caused_by
    return headers


def _call(*, url: str, key: jwk.JWK, endpoint: str, service: dict, also) -> AttemptResult:
    token = codec.seal(typ=endpoint, service=service, key=key)
    started = time.monotonic()
    try:
        # No redirects (a redirect would hand the request to a host nobody registered), a
        # total deadline and a size cap: common.outbound.
        reply = outbound.post(
            url,
            body=json.dumps(codec.envelope("request", token)).encode(),
            headers=_headers(),
            deadline=started + settings.LEDGER_DEADLINE_MS / 1000,
            connect_timeout=settings.LEDGER_CONNECT_TIMEOUT_MS / 1000,
            read_timeout=settings.LEDGER_READ_TIMEOUT_MS / 1000,
            max_bytes=MAX_RESPONSE_BYTES,
        )
    except outbound.OutboundError as exc:
        return AttemptResult(RETRYABLE, None, _ms(started), error=f"{type(exc).__name__}: {exc}")
    latency = _ms(started)
    status = reply.status
    if reply.ended == outbound.OVER_CAP:
        return AttemptResult(
            BAD_RESPONSE,
            status,
            latency,
            error=f"response body larger than {MAX_RESPONSE_BYTES} bytes",
        )
    if reply.ended != outbound.COMPLETE:
        error = (
            "Timeout: the response body did not arrive in time"
            if reply.ended == outbound.TIMED_OUT
            else "ConnectionFailed: the response body broke off"
        )
        return AttemptResult(RETRYABLE, None, latency, error=error)
    body = reply.body
    if is_retryable_status(status):
        return AttemptResult(
            RETRYABLE,
            status,
            latency,
            retry_after=parse_retry_after(reply.headers.get("Retry-After")),
            error=f"HTTP {status}" + _excerpt(body),
        )
    if status != 200:
        return AttemptResult(REJECTED, status, latency, error=f"HTTP {status}" + _excerpt(body))
    try:
        token = codec.open_envelope(body, "response")
        verified = codec.decrypt(token, key, typ=endpoint, typ_required=False, also=also)
        answer = claims.read_answer(
            endpoint, verified["service"], idempotency_key=service["idempotencyKey"]
        )
    except (codec.InvalidEnvelope, codec.InvalidToken, claims.MalformedAnswer) as exc:
        return AttemptResult(BAD_RESPONSE, status, latency, error=str(exc))
    return AttemptResult(ANSWER, status, latency, answer=answer)


def _ms(started: float) -> int:
    return max(0, round((time.monotonic() - started) * 1000))


def _excerpt(body: bytes) -> str:
    text = body[:200].decode("utf-8", errors="replace").strip()
    return f": {text}" if text else ""
