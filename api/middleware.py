"""Every error answer of the provider API is a problem document, in every mode.

Django answers an unresolved route or an unhandled exception itself before any view runs,
and with DEBUG on that answer is its HTML debug page. Outside the admin, the API docs and the
sandbox pages, such an HTML error answer is replaced by the problem document of its status
(the traceback is still logged by Django)."""

from http import HTTPStatus

from django.http import JsonResponse

from api.problems import PROBLEM_CONTENT_TYPE, problem_body

# Pages meant for people keep Django's own error pages.
HTML_PREFIXES = ("/admin/", "/api/docs/", "/api/redoc/", "/static/", "/errors")
DETAILS = {
    404: "The resource does not exist.",
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
            detail = DETAILS.get(status, HTTPStatus(status).phrase + ".")
            replaced = JsonResponse(
                problem_body(status, detail=detail, instance=request.path),
                status=status,
                content_type=PROBLEM_CONTENT_TYPE,
            )
            if "Allow" in response:
                replaced["Allow"] = response["Allow"]
            return replaced
        return response
