"""The body of an RFC 9457 problem document, shared by the API's answers (`api.problems`)
and the staff commands' `--json` failures (`common.commands`)."""

from http import HTTPStatus

from django.conf import settings

from common import request_context


def problem_type(code: str | None) -> str:
    return f"{settings.SERVICE_BASE_URL}/errors#{code}" if code else "about:blank"


def problem_body(
    status: int,
    *,
    code: str | None = None,
    title: str | None = None,
    detail: str | None = None,
    errors: list[dict] | None = None,
    instance: str | None = None,
) -> dict:
    body: dict = {
        "type": problem_type(code),
        "title": title if (code and title) else HTTPStatus(status).phrase,
        "status": status,
    }
    if detail:
        body["detail"] = detail
    if instance:
        body["instance"] = instance
    if errors:
        body["errors"] = errors
    caused_by = request_context.request_id()
    if caused_by:
        # An extension member: what a provider quotes to support (also the X-Request-ID).
        body["requestID"] = caused_by
    return body
