"""HTTP plumbing at the edge: request limits, and problem documents for every error answer.

Every error answer of the provider API is a problem document, in every mode.

Django answers an unresolved route or an unhandled exception itself before any view runs,
and with DEBUG on that answer is its HTML debug page. Outside the admin, the API docs and the
sandbox pages, such an HTML error answer is replaced by the problem document of its status
(the traceback is still logged by Django)."""

from http import HTTPStatus

from django.conf import settings
from django.http import JsonResponse

from api.problems import not_found_detail, problem_json_response

# Pages meant for people keep Django's own error pages.
HTML_PREFIXES = ("/admin/", "/api/docs/", "/static/", "/errors")
DETAILS = {
    405: "The method is not allowed for this resource.",
    500: "An internal error occurred.",
}


class ProblemDetailsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and response.get("Content-Type", "").startswith("text/html")
            and not request.path.startswith(HTML_PREFIXES)
        ):
            status = response.status_code
            if status == 404:
                detail = not_found_detail(request)
            else:
                detail = DETAILS.get(status, HTTPStatus(status).phrase + ".")
            replaced = problem_json_response(request, status, detail)
            if "Allow" in response:
                replaced["Allow"] = response["Allow"]
            return replaced
        return response


def _problem(request, status: int, detail: str) -> JsonResponse:
    return problem_json_response(request, status, detail)


def _header_bytes(meta: dict) -> int:
    # What the client sent as header lines (name, value, separators), as WSGI passes them.
    return sum(
        len(key) - 5 + len(str(value)) + 4 for key, value in meta.items() if key.startswith("HTTP_")
    )


class RequestLimitsMiddleware:
    """A request over a limit is refused before its body is read or anything is written:
    413 for the body (by its Content-Length), 414 for the query string, 431 for the headers.
    A body sent without a length is held to the same limit as it is read (Django's
    DATA_UPLOAD_MAX_MEMORY_SIZE), answered 413 by the problem mapping."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        if len(meta.get("QUERY_STRING", "")) > settings.REQUEST_MAX_QUERY_BYTES:
            return _problem(
                request,
                414,
                f"The query string is longer than {settings.REQUEST_MAX_QUERY_BYTES} bytes.",
            )
        if _header_bytes(meta) > settings.REQUEST_MAX_HEADER_BYTES:
            return _problem(
                request,
                431,
                f"The request headers are larger than {settings.REQUEST_MAX_HEADER_BYTES} bytes.",
            )
        try:
            length = int(meta.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return _problem(request, 400, "Content-Length is not a number.")
        if length > settings.REQUEST_MAX_BODY_BYTES:
            return _problem(
                request,
                413,
                f"The request body is larger than {settings.REQUEST_MAX_BODY_BYTES} bytes.",
            )
        return self.get_response(request)
