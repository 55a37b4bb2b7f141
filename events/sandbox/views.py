"""`POST /sandbox/webhooks/<receiverID>/`: the demo's webhook receiver.

204 for a delivery whose signature verifies (kept), 400 for one that does not (kept, with
why), 500 while an injected fault lasts, 404 for an unknown receiver.
"""

from django.http import HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt

from api.problems import PROBLEM_CONTENT_TYPE, problem_body
from events.sandbox import services


def _problem(request, status: int, detail: str) -> JsonResponse:
    return JsonResponse(
        problem_body(status, detail=detail, instance=request.path),
        status=status,
        content_type=PROBLEM_CONTENT_TYPE,
    )


@csrf_exempt
def receive(request, receiver_id: str):
    if request.method != "POST":
        response = _problem(request, 405, "Use POST.")
        response["Allow"] = "POST"
        return response
    headers = {name.lower(): value for name, value in request.headers.items()}
    got = services.receive(receiver_id=receiver_id, body=request.body, headers=headers)
    if got is None:
        return _problem(request, 404, "No sandbox receiver with that ID.")
    if got.status_code >= 300:
        response = _problem(request, got.status_code, got.error)
        response._has_been_logged = True  # an answer the demo means to give
        return response
    return HttpResponse(status=204)
