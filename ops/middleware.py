"""The edge of every request: its ID, its access-log line and its metrics.

`RequestIDMiddleware` runs first, so everything after it (authentication, views, services,
the tasks and events they cause, problem documents) sees the ID; `AccessLogMiddleware`
times the request and writes one log line and the metrics by route template (never the raw
path, which holds IDs)."""

import logging
import time

from django.core.signals import request_finished
from django.dispatch import receiver

from common import metrics, request_context
from common.routes import route_of
from ops.request_ids import HEADER, META_KEY, accept_or_make

access_log = logging.getLogger("access")


class RequestIDMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.request_id = accept_or_make(request.META.get(META_KEY))
        # Bound until the response is finished (Django logs a failed request after the
        # middleware returns, and that line must carry the ID too); see `clear_context`.
        request_context.bind(request.request_id)
        response = self.get_response(request)
        response[HEADER] = request.request_id
        return response


@receiver(request_finished)
def clear_context(**kwargs):
    request_context.bind("")


class AccessLogMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        seconds = time.perf_counter() - started
        route = route_of(request)
        metrics.observe_request(route, request.method, response.status_code, seconds)
        access_log.info(
            "%s %s %s %.1fms",
            request.method,
            route,
            response.status_code,
            seconds * 1000,
            extra={
                "route": route,
                "method": request.method,
                "status": response.status_code,
                "duration_ms": round(seconds * 1000, 1),
            },
        )
        return response
