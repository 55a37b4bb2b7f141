"""Health and metrics endpoints: no authentication, no provider data, cheap enough to poll
every second. /metrics is kept off the public API by METRICS_TOKEN or, when an operator opts
in, an allow-list of networks (METRICS_ALLOWED_NETWORKS, empty unless DEBUG)."""

import hmac
import ipaddress

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST

from api.problems import problem_json_response
from ops import health, metrics


def _problem(request, status: int, detail: str, **extra) -> JsonResponse:
    return problem_json_response(request, status, detail, **extra)


@require_GET
def healthz(request):
    """Liveness: the process answers. No dependency is checked."""
    return JsonResponse({"status": "ok"})


@require_GET
def readyz(request):
    """Readiness: the database answers and its migrations are applied; the broker answers
    when one is configured. 503 names every failing check. A queue no worker consumes leaves
    this process able to serve: 200, "degraded", the queue named."""
    results = health.run_checks()
    failing = {
        name: problem
        for name, problem in results.items()
        if problem and name not in health.DEGRADING
    }
    if failing:
        detail = "; ".join(f"{name}: {problem}" for name, problem in failing.items())
        response = _problem(request, 503, f"Not ready: {detail}", checks=health.as_json(results))
        response._has_been_logged = True  # an answer, not an error: the access log has it
        return response
    degraded = any(results.get(name) for name in health.DEGRADING)
    return JsonResponse(
        {"status": "degraded" if degraded else "ok", "checks": health.as_json(results)}
    )


def _allowed(request) -> bool:
    token = settings.METRICS_TOKEN
    if token:
        sent = request.headers.get("Authorization", "")
        return hmac.compare_digest(sent.encode(), f"Bearer {token}".encode())
    if not settings.METRICS_ALLOWED_NETWORKS or _proxied(request):
        return False
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(net) for net in settings.METRICS_ALLOWED_NETWORKS)


def _proxied(request) -> bool:
    """A request a proxy relayed: its peer address is the proxy's, not the client's, so the
    network allow-list says nothing about who asked."""
    return any(
        name in request.META
        for name in ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")
    )


@require_GET
def metrics_view(request):
    if not _allowed(request):
        detail = "Metrics are not exposed to this client."
        if not settings.METRICS_TOKEN and not settings.METRICS_ALLOWED_NETWORKS:
            detail += " Set METRICS_TOKEN (or METRICS_ALLOWED_NETWORKS) to expose them."
        return _problem(request, 403, detail)
    return HttpResponse(metrics.exposition(), content_type=CONTENT_TYPE_LATEST)
