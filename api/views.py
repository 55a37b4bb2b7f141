"""The base view every provider-facing endpoint uses.

It authenticates, checks the path providerID and the view's scopes, applies
X-Service-Version and X-Idempotency-Key, and renders every error as problem details.
Subclasses only parse, call one service or selector, and serialize.
"""

from django.db import transaction
from rest_framework.response import Response
from rest_framework.views import APIView

from api import idempotency
from api.versioning import HEADER as VERSION_HEADER
from api.versioning import requested_version
from common import request_context
from common.errors import BadRequest, Forbidden, InvalidRequest, NotFound
from common.ids import is_id

PROVIDER_ID_PREFIX = "prv"


class ProviderAPIView(APIView):
    # {"GET": ("participants.read",), ...}: every listed scope is needed for that method.
    required_scopes: dict[str, tuple[str, ...]] = {}
    # Methods that require X-Idempotency-Key.
    idempotent_methods: tuple[str, ...] = ()
    # Methods that honour X-Idempotency-Key when it is sent, and run without it otherwise.
    optionally_idempotent_methods: tuple[str, ...] = ()
    # Most routes answer a malformed providerID like a foreign one (403); some say 400.
    malformed_provider_status = 403

    @property
    def principal(self):
        return self.request.user

    @property
    def provider_id(self) -> str:
        return self.request.auth.provider_id

    def determine_version(self, request, *args, **kwargs):
        # A header, not a URL or media-type parameter, so DRF's versioning classes do not fit.
        # It is read in `initial`, after the caller is known: a bad header is a 400 only for
        # someone entitled to an answer.
        return None, None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        request_context.set_provider(request.auth.provider_id)
        self.check_provider(kwargs.get("providerID"))
        self.check_scopes(request)
        request.version = requested_version(request)

    def check_provider(self, path_provider_id: str | None) -> None:
        if path_provider_id is None:
            return
        if not is_id(path_provider_id, PROVIDER_ID_PREFIX):
            if self.malformed_provider_status == 400:
                raise BadRequest("providerID is malformed.")
            raise Forbidden("The credentials do not belong to this provider.")
        if path_provider_id != self.request.auth.provider_id:
            raise Forbidden("The credentials do not belong to this provider.")

    def check_scopes(self, request) -> None:
        needed = self.required_scopes.get(request.method, ())
        missing = [scope for scope in needed if scope not in request.auth.scopes]
        if missing:
            raise Forbidden(f"Missing scope(s): {', '.join(missing)}.")

    def check_path_values(self, kwargs: dict) -> None:
        """A path value with a NUL character names nothing (and PostgreSQL cannot compare
        text holding one), so it is a missing resource before any lookup."""
        for name, value in kwargs.items():
            if name != "providerID" and "\x00" in str(value):
                raise NotFound("The resource does not exist.")

    def check_query_values(self, request) -> None:
        """A query value holding a NUL character is malformed (and PostgreSQL cannot compare
        text holding one): a query validation failure, before any lookup of it."""
        for name, values in request.query_params.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                raise InvalidRequest(f"Query parameter {name!r} must not contain a NUL character.")

    def _handle(self, handler, request, *args, **kwargs):
        if handler != self.http_method_not_allowed:
            self.check_path_values(kwargs)
            self.check_query_values(request)
        return handler(request, *args, **kwargs)

    def dispatch(self, request, *args, **kwargs):
        # DRF's dispatch, with the idempotent handler run in one transaction with its record.
        self.args = args
        self.kwargs = kwargs
        request = self.initialize_request(request, *args, **kwargs)
        self.request = request
        self.headers = self.default_response_headers
        claim = None
        try:
            self.initial(request, *args, **kwargs)
            method = request.method.lower()
            handler = getattr(self, method, None) if method in self.http_method_names else None
            handler = handler or self.http_method_not_allowed
            if self._uses_idempotency(request):
                key = idempotency.read_key(request)
                claim = idempotency.claim(
                    provider_id=request.auth.provider_id,
                    key=key,
                    fingerprint=idempotency.fingerprint(
                        request.method, request.path, request._request.body
                    ),
                )
                if claim.replay:
                    response = claim.replay_response()
                    claim = None
                else:
                    with transaction.atomic():
                        response = self._render(
                            request, self._handle(handler, request, *args, **kwargs)
                        )
                        if 200 <= response.status_code < 300:
                            idempotency.complete(claim.record, response)
                            claim = None
            else:
                response = self._handle(handler, request, *args, **kwargs)
        except Exception as exc:
            response = self.handle_exception(exc)
        if claim is not None:
            idempotency.release(claim.record)
        self.response = self.finalize_response(request, response, *args, **kwargs)
        return self.response

    def _uses_idempotency(self, request) -> bool:
        if request.method in self.idempotent_methods:
            return True
        return (
            request.method in self.optionally_idempotent_methods
            and idempotency.META_KEY in request.META
        )

    def _render(self, request, response):
        response = self.finalize_response(request, response, *self.args, **self.kwargs)
        if isinstance(response, Response):
            response.render()
        return response

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        key = idempotency.valid_key_or_none(request)
        if key is not None:
            response[idempotency.HEADER] = key
        if getattr(request, "version", None):
            response[VERSION_HEADER] = request.version
        return response
