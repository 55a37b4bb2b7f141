"""The base every provider-facing endpoint uses: `ProviderViewSet` (each resource's viewset,
registered on `api.routers.ProviderRouter`), sharing `ProviderEndpoint` with the plain
`ProviderAPIView`.

It authenticates, checks the path providerID and the view's scopes, applies
X-Service-Version and X-Idempotency-Key, and renders every error as problem details.
Subclasses only parse, call one service or selector, and serialize.

DRF's own `APIView.dispatch` runs every request: `initial` (authentication and permissions,
then this view's provider, scope and version checks), the handler, `handle_exception` for
anything raised, `finalize_response`. This view adds one seam: the end of `initial` puts
`run_handler` around the handler dispatch is about to call. That wrapper is the one place for
the idempotency claim, a replay, the transaction, the rendering and the completion of the key,
and it runs after every check of the caller (401 and 403 before a 400 for a bad header). With
a read replica configured (common.replica) it is also where a provider's write is noted for
read-your-writes, and where a viewset's `replica_actions` read from the replica.

Transactions under HTTP. A request with an X-Idempotency-Key runs the claim of its key, its
handler, the rendering of its response and the completion of its key in one transaction (one
BEGIN and one COMMIT: the database's cost of a write, not two transactions'). Every service's own
`transaction.atomic()` is then a savepoint inside it, not a transaction of its own:
- its writes become visible to other connections, and its row locks (select_for_update) are
  released, only when that outer transaction ends (it commits after the response is rendered
  and the key completed), not when the service returns;
- its `transaction.on_commit` callbacks (tasks, webhooks) run only when the outer transaction
  commits, i.e. after the idempotency record is completed; if the request fails after the
  service returned, the service's writes roll back and its callbacks never run;
- an exception a service raises rolls its savepoint back (on PostgreSQL that also frees the
  row locks taken inside it); raised on to here it rolls back the whole request, the key's
  claim with it, so a corrected retry may use the key;
- the hottest write services (participant create, suspension, reactivation) open theirs
  without a savepoint (two round trips saved): an exception they raise fails the whole
  request's transaction, which is what happens to it here anyway;
- `transaction.atomic(durable=True)` refuses to run nested, so services do not use it.
A request without a key runs its handler in autocommit: there each service's atomic block is
its own transaction and its callbacks run when it commits. A list (GET) on PostgreSQL runs in
one transaction whose statements have a time limit (api.read_timeout).
"""

from functools import partial
from urllib.parse import unquote, unquote_to_bytes

from django.db import transaction
from rest_framework.metadata import SimpleMetadata
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response
from rest_framework.status import is_success
from rest_framework.views import APIView
from rest_framework.viewsets import GenericViewSet

from api import idempotency, read_timeout, throttling
from api.pagination import Keyset, KeysetPagination
from api.problems import NO_RESOURCE
from api.versioning import HEADER as VERSION_HEADER
from api.versioning import requested_version
from common import replica, request_context
from common.errors import BadRequest, Forbidden, InvalidRequest, NotFound
from common.ids import is_id

PROVIDER_ID_PREFIX = "prv"


# What every provider endpoint does, for a view (`ProviderAPIView`) or a viewset
# (`ProviderViewSet`). Its rules are keyed by the operation's name: the HTTP method on a
# view, the action on a viewset (`operation_name`).
class ProviderEndpoint:
    # {"GET": ("participants.read",), ...}: every listed scope is needed for that operation.
    required_scopes: dict[str, tuple[str, ...]] = {}
    # {"GET": (404,), ...}: the problem statuses the operation documents besides the common.
    problem_responses: dict[str, tuple[int, ...]] = {}
    # Most routes answer a malformed providerID like a foreign one (403); some say 400.
    malformed_provider_status = 403
    # Each request counts against one budget of its key (api.rate_limits): reads for GET,
    # writes otherwise, unless its operation names another here ({"send_test": ...}).
    throttle_classes = [throttling.KeyRateThrottle]
    rate_limit_budgets: dict[str, str] = {}
    rate_limit = None  # the request's rate_limits.Outcome, once counted

    def operation_name(self, method: str) -> str | None:
        raise NotImplementedError

    def idempotency_of(self, method: str) -> str | None:
        """ "required" or "optional" (X-Idempotency-Key honoured when sent), else None."""
        raise NotImplementedError

    @property
    def principal(self):
        return self.request.user

    @property
    def provider_id(self) -> str:
        return self.request.auth.provider_id

    def rate_limit_budget(self, method: str) -> str:
        budget = self.rate_limit_budgets.get(self.operation_name(method))
        return budget or throttling.default_budget(method)

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
        self.wrap_handler(request)

    def wrap_handler(self, request) -> None:
        """Put `run_handler` around the handler DRF's dispatch calls next.

        Dispatch looks the handler up by the method's name right after `initial`; an
        attribute of the instance comes before the class's method, and an instance serves
        one request. A method the view lacks is left to DRF's 405."""
        name = request.method.lower()
        handler = getattr(self, name, None) if name in self.http_method_names else None
        if handler is not None:
            setattr(self, name, partial(self.run_handler, handler))

    def run_handler(self, handler, request, *args, **kwargs):
        """`run_with_key`; after a write, whatever its outcome (autocommit may have committed
        part of it), the provider's next reads stay on the primary for a while
        (common.replica: read-your-writes)."""
        if request.method in SAFE_METHODS:
            return self.run_with_key(handler, request, *args, **kwargs)
        try:
            return self.run_with_key(handler, request, *args, **kwargs)
        finally:
            replica.note_write(request.auth.provider_id)

    def run_with_key(self, handler, request, *args, **kwargs):
        """The handler with its idempotency key, in one transaction: the key claimed (a
        replay answers at once), the handler, the rendering of its response and the key's
        completion. Anything but a success stores nothing, so the key stays free."""
        if not self.uses_idempotency(request):
            return self.call_handler(handler, request, *args, **kwargs)
        key = idempotency.read_key(request)
        fingerprint = idempotency.fingerprint(request.method, request.path, request._request.body)
        claim = None
        try:
            with transaction.atomic():
                claim = idempotency.claim(
                    provider_id=request.auth.provider_id, key=key, fingerprint=fingerprint
                )
                if claim.replay:
                    return claim.replay_response()
                # Rendered here, so the stored answer is the one sent.
                response = self.render_response(
                    request, self.call_handler(handler, request, *args, **kwargs)
                )
                if is_success(response.status_code):
                    idempotency.complete(claim.record, response)
                return response
        except Exception:
            # The request with this key that committed while the claim was being granted
            # answers for this one (idempotency.settled_meanwhile).
            settled = idempotency.settled_meanwhile(claim) if claim and not claim.replay else None
            if settled is None:
                raise
            return settled.replay_response()

    def call_handler(self, handler, request, *args, **kwargs):
        self.check_path_values(kwargs)
        self.check_query_values(request)
        read = partial(self.resolve_and_run, handler, request, *args, **kwargs)
        if self.read_with_time_limit(request):
            # Inside the replica's choice: the time limit is set where the read runs.
            read = partial(read_timeout.run_timed, read)
        if self.reads_from_replica(request):
            return replica.serve_read(request.auth.provider_id, read)
        return read()

    def resolve_and_run(self, handler, request, *args, **kwargs):
        if request.method != "OPTIONS":  # OPTIONS describes the endpoint, not a resource
            self.resolve_path(kwargs)
        return handler(request, *args, **kwargs)

    def reads_from_replica(self, request) -> bool:
        """A list or feed read the replica may serve (common.replica decides whether it does)."""
        return False

    def read_with_time_limit(self, request) -> bool:
        """A read whose statements have a time limit (api.read_timeout)."""
        return request.method in ("GET", "HEAD")

    def resolve_path(self, kwargs: dict) -> None:
        """Look up what the path names, once, before the handler runs; a subclass keeps what
        it found for the handler (participants.api.base.ParticipantPath: `enrollment`)."""

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
        needed = self.required_scopes.get(self.operation_name(request.method), ())
        missing = [scope for scope in needed if scope not in request.auth.scopes]
        if missing:
            raise Forbidden(f"Missing scope(s): {', '.join(missing)}.")

    def check_path_values(self, kwargs: dict) -> None:
        """A path value with a NUL character names nothing (and PostgreSQL cannot compare
        text holding one), so it is a missing resource before any lookup."""
        for name, value in kwargs.items():
            if name != "providerID" and "\x00" in str(value):
                raise NotFound(NO_RESOURCE)

    def check_query_values(self, request) -> None:
        """A query value holding a NUL character is malformed (and PostgreSQL cannot compare
        text holding one): a query validation failure, before any lookup of it."""
        for name, values in request.query_params.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                raise InvalidRequest(f"Query parameter {name!r} must not contain a NUL character.")
        _check_utf8(request.META.get("QUERY_STRING", ""))

    def uses_idempotency(self, request) -> bool:
        mode = self.idempotency_of(request.method)
        return mode == "required" or (mode == "optional" and idempotency.META_KEY in request.META)

    def render_response(self, request, response):
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
        if self.rate_limit is not None:
            for name, value in throttling.headers(self.rate_limit).items():
                response[name] = value
        return response


def _check_utf8(query_string: str) -> None:
    """Django decodes a query string that is not UTF-8 with replacement characters, so
    `q=%ff%fe` would search for "\ufffd\ufffd": a query validation failure instead (422).
    WSGI hands the raw bytes over as latin-1."""
    if query_string.isascii() and "%" not in query_string:
        return
    for part in query_string.split("&"):
        try:
            unquote_to_bytes(part.encode("latin-1", "replace")).decode("utf-8")
        except UnicodeDecodeError:
            name = unquote(part.partition("=")[0], errors="replace")
            raise InvalidRequest(
                f"Query parameter {name!r} must be UTF-8 (percent-encoded UTF-8 bytes)."
            ) from None


def _mode(name, required: tuple[str, ...], optional: tuple[str, ...]) -> str | None:
    if name in required:
        return "required"
    return "optional" if name in optional else None


# A provider endpoint as one view per path; rules keyed by HTTP method. (Comments, not
# docstrings, on these bases: drf-spectacular would print a docstring on every operation.)
class ProviderAPIView(ProviderEndpoint, APIView):
    # Methods that require X-Idempotency-Key.
    idempotent_methods: tuple[str, ...] = ()
    # Methods that honour X-Idempotency-Key when it is sent, and run without it otherwise.
    optionally_idempotent_methods: tuple[str, ...] = ()

    def operation_name(self, method: str) -> str:
        return method

    def idempotency_of(self, method: str) -> str | None:
        return _mode(method, self.idempotent_methods, self.optionally_idempotent_methods)


class ProviderMetadata(SimpleMetadata):
    """OPTIONS describes the endpoint (name, description, media types) as it did on a plain
    view: a viewset's generic serializer hooks are not how its operations read bodies."""

    def determine_actions(self, request, view):
        return {}


# A provider resource as a viewset on a router (api.routers.ProviderRouter); rules keyed by
# action ("list", "retrieve", "create", "destroy" or an @action's name).
class ProviderViewSet(ProviderEndpoint, GenericViewSet):
    # The path's resource ID is a path() `str` value named as the contract names it.
    lookup_value_converter = "str"
    pagination_class = KeysetPagination
    # The list's order, its items' key in the envelope and its cursor's scope (api.pagination).
    keyset = Keyset()
    envelope_key: str = ""
    cursor_scope_name: str = ""
    metadata_class = ProviderMetadata
    # Actions that require X-Idempotency-Key.
    idempotent_actions: tuple[str, ...] = ()
    # Actions that honour X-Idempotency-Key when it is sent, and run without it otherwise.
    optionally_idempotent_actions: tuple[str, ...] = ()
    # Read actions a streaming replica may serve (common.replica): the big lists and feeds.
    replica_actions: tuple[str, ...] = ()

    def operation_name(self, method: str) -> str | None:
        # DRF sets `action` from the method before `initial`; the schema generator sets it too.
        return self.action

    def reads_from_replica(self, request) -> bool:
        return request.method == "GET" and self.action in self.replica_actions

    def read_with_time_limit(self, request) -> bool:
        # The lists and searches, whose cost grows with the data; a read of one resource by
        # its key is bounded by its indexes and does not pay the transaction's round trips.
        return request.method in ("GET", "HEAD") and self.action == "list"

    def cursor_scope(self) -> str:
        """What the list's cursors are bound to besides the provider and the filters."""
        return self.cursor_scope_name

    def query_filterset(self):
        """The viewset's FilterSet (api.filters) over this request's query; its `values()`
        validate it."""
        return self.filterset_class(
            self.request.query_params, queryset=self.get_queryset(), request=self.request
        )

    def idempotency_of(self, method: str) -> str | None:
        return _mode(self.action, self.idempotent_actions, self.optionally_idempotent_actions)
