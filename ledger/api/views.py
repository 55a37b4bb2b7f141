"""The provider's own ledger registration: read it, and register or replace its callback
URLs and key (a key replaced keeps opening answers for the overlap, ledger.registration)."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.response import Response

from api import scopes
from api.validation import validated
from api.views import ProviderViewSet
from common.errors import NotFound
from ledger import rendering, selectors, services
from ledger.api import serializers as s

NO_LEDGER = "No ledger is registered for this provider."
URLS = {
    "authorizeURL": "https://ledger.example.com/authorize",
    "releaseURL": "https://ledger.example.com/release",
    "captureURL": "https://ledger.example.com/capture",
}
REGISTRATION = {
    "providerID": "prv_01JD7X3M0C9Q8R2W5T4V6Y8Z1A",
    **URLS,
    "key": {
        "kty": "oct",
        "alg": "A256KW",
        "kid": "pY2dq3bK0Jx5nQ6f8mR1sT4uV7wX9yZ0aB2cD3eF4gH",
        "setOn": "2026-11-24T22:56:01Z",
    },
    "previousKey": {
        "kid": "N0pQ1rS2tU3vW4xY5zA6bC7dE8fG9hI0jK1lM2nO3pQ",
        "expiresOn": "2026-11-25T22:56:01Z",
    },
    "createdOn": "2026-11-01T09:00:00Z",
    "updatedOn": "2026-11-24T22:56:01Z",
}
READ_EXAMPLE = OpenApiExample(
    "During a rotation's overlap", response_only=True, status_codes=["200"], value=REGISTRATION
)
PUT_EXAMPLES = [
    OpenApiExample(
        "A new key beside the URLs",
        request_only=True,
        value={
            **URLS,
            "key": {
                "kty": "oct",
                "alg": "A256KW",
                "k": "GawgguFyGrWKav7AX4VKUgExampleKeyBase64url_X",
            },
        },
    ),
    OpenApiExample(
        "The registration, the key by thumbprint only",
        response_only=True,
        status_codes=["200", "201"],
        value=REGISTRATION,
    ),
]


# /ledger: the provider's ledger registration, one per provider.
class LedgerRegistrationViewSet(ProviderViewSet):
    required_scopes = {"retrieve": (scopes.LEDGER_READ,), "update": (scopes.LEDGER_WRITE,)}
    idempotent_actions = ("update",)
    problem_responses = {"retrieve": (404,), "update": (422,)}

    @extend_schema(
        operation_id="getLedgerRegistration",
        summary="Read the provider's ledger registration",
        description=(
            "Where the authorize, release and capture callbacks go and which key seals them, "
            "by its RFC 7638 thumbprint (`kid`); the key itself is never returned. "
            "`previousKey` is present while a replaced key still opens the ledger's answers. "
            "404 before the first registration."
        ),
        tags=["Ledger"],
        responses={200: s.LedgerRegistrationSerializer},
        examples=[READ_EXAMPLE],
    )
    def retrieve(self, request, providerID):
        registration = selectors.find_registration(self.provider_id)
        if registration is None:
            raise NotFound(NO_LEDGER)
        return Response(rendering.render_registration(registration))

    @extend_schema(
        operation_id="putLedgerRegistration",
        summary="Register or replace the provider's ledger",
        description=(
            "Replaces the three callback URLs (checked as staff registrations are, and refused "
            "when a host is or resolves to a loopback, private, link-local or other "
            "special-purpose address) and, when `key` is sent, the shared A256KW key: one "
            "256-bit secret both sides hold (the service seals each call with it and opens the "
            "ledger's answer with it; the ledger does the reverse). A new key seals every call "
            "from this response on; the key it replaces keeps opening the ledger's answers for "
            "LEDGER_PREVIOUS_KEY_OVERLAP_HOURS (24 by default, `previousKey.expiresOn`), so "
            "the ledger can move its instances over. Make the ledger accept calls under both "
            "keys before sending the new one. Sending the current key again changes nothing. "
            "201 on the first registration, 200 after; every change is audited."
        ),
        tags=["Ledger"],
        request=s.LedgerRegistrationInSerializer,
        responses={
            200: s.LedgerRegistrationSerializer,
            201: s.LedgerRegistrationSerializer,
        },
        examples=PUT_EXAMPLES,
    )
    def update(self, request, providerID):
        registered = selectors.find_registration(self.provider_id) is not None
        data = validated(
            s.LedgerRegistrationInSerializer, request.data, context={"registered": registered}
        )
        result = services.register_ledger(
            provider_id=self.provider_id,
            authorize_url=data["authorizeURL"],
            release_url=data["releaseURL"],
            capture_url=data["captureURL"],
            key=dict(data["key"]) if "key" in data else None,
            actor=self.principal.actor,
        )
        return Response(
            rendering.render_registration(result.registration),
            status=status.HTTP_200_OK if registered else status.HTTP_201_CREATED,
        )
