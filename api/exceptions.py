"""The one place that turns every error into a problem-details response."""

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from rest_framework import exceptions

from api.pointers import flatten
from api.problems import (
    NO_RESOURCE,
    not_found_detail,
    problem_json_response,
    problem_response,
)
from common.errors import DomainError, RateLimited
from common.routes import route_of

logger = logging.getLogger(__name__)

WWW_AUTHENTICATE = 'Basic realm="provider-api", Bearer realm="provider-api"'


def _instance(context) -> str | None:
    request = context.get("request") if context else None
    return request.path if request is not None else None


def problem_exception_handler(exc, context):
    instance = _instance(context)
    if isinstance(exc, RequestDataTooBig):
        # A body sent without Content-Length that grew past the limit while it was read.
        return problem_response(
            413,
            detail=f"The request body is larger than {settings.REQUEST_MAX_BODY_BYTES} bytes.",
            instance=instance,
        )
    if isinstance(exc, DomainError):
        return problem_response(
            exc.status,
            code=exc.code,
            title=exc.title,
            detail=exc.detail,
            errors=exc.errors,
            instance=instance,
        )
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return problem_response(
            401,
            detail=str(exc.detail),
            instance=instance,
            headers={"WWW-Authenticate": WWW_AUTHENTICATE},
        )
    if isinstance(exc, Http404 | exceptions.NotFound):
        return problem_response(404, detail=NO_RESOURCE, instance=instance)
    if isinstance(exc, DjangoPermissionDenied | exceptions.PermissionDenied):
        detail = getattr(exc, "detail", None) or "Forbidden."
        return problem_response(403, detail=str(detail), instance=instance)
    if isinstance(exc, exceptions.ValidationError):
        return problem_response(
            422,
            code="invalid-request",
            title="Invalid request",
            detail="The request body failed validation.",
            errors=flatten(exc.detail),
            instance=instance,
        )
    if isinstance(exc, exceptions.ParseError):
        return problem_response(
            400,
            code="invalid-request",
            title="Invalid request",
            detail=str(exc.detail),
            instance=instance,
        )
    if isinstance(exc, exceptions.Throttled):
        return _rate_limited(exc, context, instance)
    if isinstance(exc, exceptions.APIException):
        return problem_response(exc.status_code, detail=str(exc.detail), instance=instance)
    request = context.get("request") if context else None
    # The route, not the path: a path can hold personal data (an externalID, a search term).
    logger.exception("Unhandled error on %s", route_of(request) if request else "-")
    return problem_response(500, detail="An internal error occurred.", instance=instance)


def _rate_limited(exc, context, instance):
    """429 rate-limited, with Retry-After; the view adds the RateLimit fields of the budget
    (api.throttling)."""
    outcome = getattr(context.get("view"), "rate_limit", None)
    wait = exc.wait if exc.wait is not None else 1
    detail = f"Too many requests; retry after {wait} seconds."
    if outcome is not None:
        detail = (
            f"This API key sent its {outcome.quota} {outcome.budget} allowed per "
            f"{outcome.window} seconds; retry after {wait} seconds."
        )
    return problem_response(
        429,
        code=RateLimited.code,
        title=RateLimited.title,
        detail=detail,
        instance=instance,
        headers={"Retry-After": str(wait)},
    )


def _plain_problem(request, status: int, detail: str) -> JsonResponse:
    return problem_json_response(request, status, detail)


def not_found_view(request, exception=None):
    return _plain_problem(request, 404, not_found_detail(request))


def server_error_view(request):
    return _plain_problem(request, 500, "An internal error occurred.")


def bad_request_view(request, exception=None):
    return _plain_problem(request, 400, "The request could not be understood.")


def permission_denied_view(request, exception=None):
    return _plain_problem(request, 403, "Forbidden.")
