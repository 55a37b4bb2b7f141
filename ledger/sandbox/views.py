"""The sandbox ledger over HTTP: the provider's end of the callback contract.

`POST /sandbox/ledger/<providerID>/{authorize,release,capture}` with `{"request": <JWE>}`,
answered `{"response": <JWE>}`. Injected faults answer 503 / 429 before any processing; a
slow answer is processed first and held back, like a reply lost to a client timeout.
Terminal failures are 4xx problem documents: 400 bad envelope or JWE, 404 unknown provider,
409 idempotencyKey reused for another payout, 415 not JSON, 422 malformed claims.
"""

import time

from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

from api.problems import PROBLEM_CONTENT_TYPE, problem_body
from ledger import codec, keys
from ledger import selectors as ledger_selectors
from ledger.sandbox import protocol, services


def _problem(request, status: int, detail: str, headers: dict | None = None) -> JsonResponse:
    return JsonResponse(
        problem_body(status, detail=detail, instance=request.path),
        status=status,
        content_type=PROBLEM_CONTENT_TYPE,
        headers=headers,
    )


@csrf_exempt
def callback(request, provider_id: str, endpoint: str):
    if request.method != "POST":
        return _problem(request, 405, "Use POST.", headers={"Allow": "POST"})
    registration = ledger_selectors.find_registration(provider_id)
    if registration is None:
        return _problem(request, 404, "No ledger is registered for this provider.")
    fault = services.injected_fault(provider_id)
    if fault is not None:
        headers = {"Retry-After": str(fault.retry_after)} if fault.retry_after is not None else {}
        response = _problem(request, fault.status, "Injected fault (sandbox).", headers=headers)
        # Injected on purpose: an access-log line, not an error in the log.
        response._has_been_logged = True
        return response
    if request.content_type != "application/json":
        return _problem(request, 415, "The body must be application/json.")
    try:
        key = registration.key()
    except keys.UnreadableKey:
        return _problem(request, 500, "The sandbox cannot read this provider's key.")
    try:
        token = codec.open_envelope(request.body, "request")
        claims = codec.decrypt(token, key, typ=endpoint)
    except (codec.InvalidEnvelope, codec.InvalidToken) as exc:
        return _problem(request, 400, str(exc))
    try:
        parsed = protocol.parse(endpoint, claims["service"])
    except protocol.MalformedClaims as exc:
        return _problem(request, 422, str(exc))
    if parsed.provider_id != provider_id:
        return _problem(request, 422, "service.providerID is not the provider of this ledger.")
    try:
        service = services.answer(provider_id=provider_id, endpoint=endpoint, request=parsed)
    except services.KeyReused as exc:
        return _problem(request, 409, str(exc))
    delay_ms = services.slow_answer_ms(provider_id)
    if delay_ms:
        time.sleep(delay_ms / 1000)
    token = codec.seal(typ=endpoint, service=service, key=key)
    return JsonResponse(codec.envelope("response", token))
