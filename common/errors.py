"""Domain errors. Each carries the problem code, HTTP status and fixed title it maps to.

Services raise these; `api.exceptions` renders them as RFC 9457 problem details.
"""


class DomainError(Exception):
    code: str | None = None  # None renders as `about:blank`
    status: int = 400
    title: str = "Bad Request"
    # What a client should do about it (the /errors page shows it beside the code).
    advice: str = ""

    def __init__(self, detail: str | None = None, *, errors: list[dict] | None = None):
        super().__init__(detail or self.title)
        self.detail = detail
        self.errors = errors


class InvalidRequest(DomainError):
    """Input the service cannot act on (400 for headers and query rules, 422 for bodies)."""

    code = "invalid-request"
    status = 422
    title = "Invalid request"
    advice = (
        "Correct the request: `errors[]` points at each field that failed (JSON Pointer). "
        "Sending it again unchanged fails again."
    )

    def __init__(self, detail=None, *, errors=None, status: int | None = None):
        super().__init__(detail, errors=errors)
        if status is not None:
            self.status = status


class BadRequest(InvalidRequest):
    status = 400


class InvalidCursor(DomainError):
    code = "invalid-cursor"
    status = 400
    title = "Invalid cursor"
    advice = (
        "Start the list again without `cursor`, or with the filters the cursor was issued "
        "for; cursors belong to one provider, path and set of filters."
    )


class NotFound(DomainError):
    code = None
    status = 404
    title = "Not Found"


class Forbidden(DomainError):
    code = None
    status = 403
    title = "Forbidden"


class IdempotencyKeyReused(DomainError):
    code = "idempotency-key-reused"
    status = 409
    title = "Idempotency key reused"
    advice = (
        "This X-Idempotency-Key was used for a different request in the last 24 hours: "
        "use a new key for a new request."
    )


class IdempotencyRequestInProgress(DomainError):
    code = "idempotency-request-in-progress"
    status = 409
    title = "Idempotency request in progress"
    advice = (
        "The first request with this key is still being processed: send the same request "
        "again after a short wait to get its answer."
    )


class VersionConflict(DomainError):
    code = "version-conflict"
    status = 409
    title = "Version conflict"
    advice = (
        "The relationship changed since it was read: read the participant again and retry "
        "with its current relationship.versionID if the action still makes sense."
    )


class StateConflict(DomainError):
    code = "state-conflict"
    status = 409
    title = "State conflict"
    advice = (
        "The resource is not in a state that allows this action (the detail says why): read "
        "it again before deciding what to do."
    )


class ParticipantReviewVersionConflict(DomainError):
    code = "participant-review-version-conflict"
    status = 409
    title = "Conflict"
    advice = (
        "The review or the relationship changed: read the review again and retry with both "
        "versionIDs from that one read."
    )


class DuplicateExternalID(DomainError):
    code = "duplicate-external-id"
    status = 409
    title = "Duplicate external ID"
    advice = (
        "Another of your participants has this externalID: read that participant, or "
        "create this one with another externalID."
    )


class RateLimited(DomainError):
    """A key over one of its budgets (api.rate_limits); answered from DRF's Throttled."""

    code = "rate-limited"
    status = 429
    title = "Rate limit exceeded"
    advice = (
        "This API key used its budget of this kind of request (reads, writes or webhook test "
        "sends) for the current window: wait the seconds `Retry-After` gives before sending "
        "more of that kind. `RateLimit-Policy` and `RateLimit` on every answer give the budget "
        "and what is left of it, so a client can slow down before it is refused."
    )


class ReadTimedOut(DomainError):
    """A read statement past API_READ_STATEMENT_TIMEOUT_MS (api.read_timeout)."""

    code = "read-timeout"
    status = 503
    title = "Read timed out"
    advice = (
        "The read took longer than the service gives one query, and was stopped; nothing was "
        "changed. Narrow it (a filter, a date range, a longer `q`) or send it again later."
    )
