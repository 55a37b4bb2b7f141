"""RFC 9457 problem-details documents."""

from http import HTTPStatus

from django.conf import settings
from django.http import JsonResponse
from rest_framework.response import Response

from common import request_context

PROBLEM_CONTENT_TYPE = "application/problem+json"

# A 404 says which it is: a path no endpoint serves, or a resource the path names is missing
# (views name the resource: "No participant matches within this provider.").
NO_ROUTE = "No endpoint matches this path."
NO_RESOURCE = "The resource does not exist."


# The statuses answered with `about:blank` (the status says everything); /errors lists them
# from here, and tests/api/test_problem_serialisation.py provokes each.
ABOUT_BLANK_STATUSES = (401, 403, 404, 405, 406, 413, 414, 415, 431, 500, 503)

# DRF's JSONRenderer writes compact JSON and UTF-8 as is; problem documents answered outside
# DRF (middleware, Django's error handlers, /metrics, /readyz) are written the same way.
_JSON_STYLE = {"separators": (",", ":"), "ensure_ascii": False}


def problem_type(code: str | None) -> str:
    return f"{settings.SERVICE_BASE_URL}/errors#{code}" if code else "about:blank"


def not_found_detail(request) -> str:
    """A request that resolved to no view has no `resolver_match`."""
    return NO_RESOURCE if getattr(request, "resolver_match", None) else NO_ROUTE


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


def problem_response(status: int, headers: dict | None = None, **fields) -> Response:
    return Response(
        problem_body(status, **fields),
        status=status,
        headers=headers,
        content_type=PROBLEM_CONTENT_TYPE,
    )


def problem_json_response(request, status: int, detail: str, **extra) -> JsonResponse:
    """A problem document answered outside DRF, for `request`'s path."""
    body = {**problem_body(status, detail=detail, instance=request.path), **extra}
    return JsonResponse(
        body, status=status, content_type=PROBLEM_CONTENT_TYPE, json_dumps_params=_JSON_STYLE
    )
