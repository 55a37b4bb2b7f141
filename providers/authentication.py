"""DRF authentication for provider credentials: API key (HTTP Basic) and bearer token."""

import base64
import binascii
from dataclasses import dataclass, field

from django.utils import timezone
from rest_framework import authentication, exceptions

from common.actors import Actor
from common.ids import is_id
from providers import selectors, services
from providers.models import API_KEY_ID_PREFIX

REALM = "provider-api"


@dataclass(frozen=True)
class ProviderPrincipal:
    """request.user and request.auth for a provider credential."""

    provider_id: str
    scopes: frozenset[str]
    key_id: str | None  # the API key, or the key a token was narrowed from
    token_id: str | None = None
    # The provider's own rate-limit budgets ({"reads": 500}); the settings' for the others.
    rate_limits: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    is_authenticated = True
    is_anonymous = False
    is_staff = False

    @property
    def actor(self) -> Actor:
        return Actor.application(
            key_id=self.key_id or self.token_id or "", provider_id=self.provider_id
        )


class ApiKeyAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != b"basic":
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Malformed Basic credentials.")
        try:
            decoded = base64.b64decode(header[1], validate=True).decode()
            key_id, _, secret = decoded.partition(":")
        except (binascii.Error, UnicodeDecodeError):
            raise exceptions.AuthenticationFailed("Malformed Basic credentials.") from None
        # Only a well-formed key ID is looked up (a NUL byte, for one, cannot reach PostgreSQL).
        well_formed = is_id(key_id, API_KEY_ID_PREFIX) and secret
        key = selectors.active_api_key(key_id, secret) if well_formed else None
        if key is None:
            raise exceptions.AuthenticationFailed("Invalid API key ID or secret.")
        services.touch_api_key(key, timezone.now())
        principal = ProviderPrincipal(
            provider_id=key.provider_id,
            scopes=frozenset(key.scopes),
            key_id=key.id,
            rate_limits=key.provider.rate_limits(),
        )
        return principal, principal

    def authenticate_header(self, request):
        return f'Basic realm="{REALM}"'


class BearerTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != b"bearer":
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Malformed bearer token.")
        try:
            value = header[1].decode()
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("Malformed bearer token.") from None
        token = selectors.active_token(value)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid or expired bearer token.")
        principal = ProviderPrincipal(
            provider_id=token.provider_id,
            scopes=frozenset(token.scopes),
            key_id=token.api_key_id,
            token_id=token.id,
            rate_limits=token.provider.rate_limits(),
        )
        return principal, principal

    def authenticate_header(self, request):
        return f'Bearer realm="{REALM}"'
