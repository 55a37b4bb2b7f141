"""RFC 9457 problem-details documents."""

from django.http import JsonResponse
from rest_framework.response import Response

from common.problems import problem_body

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


def not_found_detail(request) -> str:
    """A request that resolved to no view has no `resolver_match`."""
    return NO_RESOURCE if getattr(request, "resolver_match", None) else NO_ROUTE


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
