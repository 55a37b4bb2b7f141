"""OpenAPI generation: common headers and the problem responses each view declares."""

from http import HTTPStatus

from django.conf import settings
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from api.idempotency import REPLAY_HEADER
from api.problems import PROBLEM_CONTENT_TYPE
from api.serializers import ProblemSerializer

# An operation honouring X-Idempotency-Key can answer 409 idempotency-key-reused (the key sent
# with another body) and 409 idempotency-request-in-progress.
IDEMPOTENCY_PROBLEMS = (409,)
# Every authenticated provider route can answer these (422: a query value holding a NUL
# character, see ProviderAPIView.check_query_values; 414 and 431: a query string or headers
# over the request limits; 429: the key over its budget, api.throttling), a route that takes
# a body 413 (a body over the limit), and a list 503 (past its time limit, api.read_timeout).
COMMON_PROBLEMS = (400, 401, 403, 414, 422, 429, 431)
BODY_PROBLEMS = (413,)
READ_PROBLEMS = (503,)
_RATE_LIMIT_HEADERS = {
    "Retry-After": "Seconds until the key's budget of this kind of request is renewed.",
    "RateLimit-Policy": (
        "The budget this request counted against (draft-ietf-httpapi-ratelimit-headers): "
        '`"reads";q=10000;w=10` is 10,000 reads per 10 seconds.'
    ),
    "RateLimit": 'What is left of it and the seconds until it is renewed: `"reads";r=0;t=7`.',
}


def _expression(field: str) -> str:
    return field if field.startswith("$") else f"$response.body#/{field}"


class ServiceAutoSchema(AutoSchema):
    def get_override_parameters(self):
        params = list(super().get_override_parameters())
        params.append(
            OpenApiParameter(
                "X-Service-Version",
                {"type": "string", "enum": list(settings.SERVICE_VERSIONS)},
                OpenApiParameter.HEADER,
                description=f"API version; default {settings.SERVICE_DEFAULT_VERSION}.",
            )
        )
        mode = None
        if hasattr(self.view, "idempotency_of"):
            mode = self.view.idempotency_of(self.method)
        required = mode == "required"
        if mode:
            params.append(
                OpenApiParameter(
                    "X-Idempotency-Key",
                    {"type": "string", "minLength": 1, "maxLength": 255},
                    OpenApiParameter.HEADER,
                    required=required,
                    description="Retained 24 hours; the same key and body replays the response."
                    + ("" if required else " Optional here."),
                )
            )
            # A replay answers the stored response (the same body) with this header added.
            params.append(
                OpenApiParameter(
                    REPLAY_HEADER,
                    {"type": "string", "enum": ["true"]},
                    OpenApiParameter.HEADER,
                    response=True,
                    description="Present, `true`, only when this is the stored response to an "
                    "earlier request with the same X-Idempotency-Key and body (a replay); "
                    "absent on the first answer.",
                )
            )
        return params

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        # The scopes a credential needs, from the view's own check (never out of date); after
        # the description an `extend_schema` gave, which a get_description here cannot see.
        needed = ()
        if hasattr(self.view, "required_scopes"):
            needed = self.view.required_scopes.get(self.view.operation_name(self.method), ())
        if operation and operation.get("description") and needed:
            names = " and ".join(f"`{scope}`" for scope in needed)
            plural = "s" if len(needed) > 1 else ""
            operation["description"] += f"\n\nScope{plural}: {names}."
        return operation

    def get_filter_backends(self):
        # A viewset's FilterSet describes its list's query, not its other actions'.
        if getattr(self.view, "action", None) != "list":
            return []
        return getattr(self.view, "filter_backends", [])

    def _get_pagination_parameters(self):
        # The list's cursor and limit, from its pagination class (api.pagination).
        paginator = self._get_paginator()
        if getattr(self.view, "action", None) != "list" or paginator is None:
            return []
        return paginator.get_schema_operation_parameters(self.view)

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if (
            direction == "request"
            and isinstance(field, serializers.CharField)
            and field.trim_whitespace
            and not field.allow_blank
            and schema.get("type") == "string"
            and "pattern" not in schema
            and "enum" not in schema
        ):
            # DRF trims the value and refuses it blank: one non-space character is needed.
            schema["pattern"] = "\\S"
        if (
            direction == "request"
            and getattr(field, "allow_empty", True) is False
            and schema.get("type") == "array"
        ):
            # A list that must not be empty (`allow_empty=False`, nested or a ListField).
            schema.setdefault("minItems", 1)
        return schema

    def _is_list_view(self, serializer=None) -> bool:
        # A list answers one envelope object ({"events": [...], "hasMore": ...}) whose
        # serializer the operation names, never a bare array of it.
        return False

    def _add_links(self, responses: dict) -> None:
        """OpenAPI links from an operation's success to the operations that read what it
        made: the view's `response_links` {action: {name: (operationId, {param: ID field})}};
        providerID is the request's. An ID given as a runtime expression (`$response.header.
        X-Command-ID`) is used as it is; a field name is read from the response body."""
        links = getattr(self.view, "response_links", {}).get(self.view.operation_name(self.method))
        success = next((code for code in sorted(responses) if code.startswith("2")), None)
        if not links or success is None:
            return
        responses[success]["links"] = {
            name: {
                "operationId": operation_id,
                "parameters": {
                    "providerID": "$request.path.providerID",
                    **{param: _expression(field) for param, field in fields.items()},
                },
            }
            for name, (operation_id, fields) in links.items()
        }

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if not hasattr(self.view, "required_scopes"):
            return responses
        self._add_links(responses)
        declared = self.view.problem_responses.get(self.view.operation_name(self.method), ())
        problem = self.resolve_serializer(ProblemSerializer, "response").ref
        if self.view.idempotency_of(self.method):
            declared = (*declared, *IDEMPOTENCY_PROBLEMS)
        if self.method in ("POST", "PUT", "PATCH"):
            declared = (*declared, *BODY_PROBLEMS)
        # The reads with a time limit: a viewset's lists, a plain view's every GET (api.views).
        if self.method == "GET" and getattr(self.view, "action", "list") == "list":
            declared = (*declared, *READ_PROBLEMS)
        for status in sorted({*COMMON_PROBLEMS, *declared}):
            responses.setdefault(
                str(status),
                {
                    "description": HTTPStatus(status).phrase,
                    "content": {PROBLEM_CONTENT_TYPE: {"schema": problem}},
                },
            )
        responses["429"]["headers"] = {
            name: {"schema": {"type": "string"}, "description": text}
            for name, text in _RATE_LIMIT_HEADERS.items()
        }
        return responses
