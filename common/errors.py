"""Domain errors. Each carries the problem code, HTTP status and fixed title it maps to.

Services raise these; `api.exceptions` renders them as RFC 9457 problem details.
"""


class DomainError(Exception):
    code: str | None = None  # None renders as `about:blank`
    status: int = 400
    title: str = "Bad Request"

    def __init__(self, detail: str | None = None, *, errors: list[dict] | None = None):
        super().__init__(detail or self.title)
        self.detail = detail
        self.errors = errors


class InvalidRequest(DomainError):
    """Input the service cannot act on (400 for headers and query rules, 422 for bodies)."""

    code = "invalid-request"
    status = 422
    title = "Invalid request"

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


class IdempotencyRequestInProgress(DomainError):
    code = "idempotency-request-in-progress"
    status = 409
    title = "Idempotency request in progress"


class VersionConflict(DomainError):
    code = "version-conflict"
    status = 409
    title = "Version conflict"


class StateConflict(DomainError):
    code = "state-conflict"
    status = 409
    title = "State conflict"


class ParticipantReviewVersionConflict(DomainError):
    code = "participant-review-version-conflict"
    status = 409
    title = "Conflict"


class DuplicateExternalID(DomainError):
    code = "duplicate-external-id"
    status = 409
    title = "Duplicate external ID"
