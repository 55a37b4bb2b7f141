"""Every write on providers and their credentials."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from api import scopes as scope_names
from common.errors import InvalidRequest
from common.locking import lock_or_404
from providers import credentials
from providers.models import ApiKey, BearerToken, Provider


@dataclass(frozen=True)
class IssuedKey:
    api_key: ApiKey
    secret: str  # shown once, never stored


@dataclass(frozen=True)
class IssuedToken:
    token: BearerToken
    value: str  # shown once, never stored


def _scopes(requested, *, allowed) -> list[str]:
    try:
        wanted = scope_names.normalize(requested)
    except ValueError as exc:
        raise InvalidRequest(str(exc)) from None
    outside = [scope for scope in wanted if scope not in allowed]
    if outside:
        raise InvalidRequest(f"scope(s) not held by the issuer: {', '.join(outside)}")
    return wanted


@transaction.atomic
def create_provider(*, name: str) -> tuple[Provider, IssuedKey]:
    name = (name or "").strip()
    if not name:
        raise InvalidRequest("name is required")
    provider = Provider.objects.create(name=name)
    return provider, create_api_key(provider=provider, scopes=scope_names.ALL_SCOPES)


def create_api_key(*, provider: Provider, scopes=None, label: str = "") -> IssuedKey:
    chosen = _scopes(
        scope_names.ALL_SCOPES if scopes is None else scopes, allowed=scope_names.ALL_SCOPES
    )
    if not chosen:
        raise InvalidRequest("an API key needs at least one scope")
    secret = credentials.new_secret()
    key = ApiKey.objects.create(
        provider=provider, secret_hash=credentials.digest(secret), scopes=chosen, label=label
    )
    return IssuedKey(api_key=key, secret=secret)


def revoke_api_key(*, key_id: str) -> ApiKey:
    with transaction.atomic():
        key = lock_or_404(ApiKey.objects.filter(pk=key_id), f"API key {key_id} does not exist")
        if key.revoked_on is None:
            now = timezone.now()
            key.revoked_on = now
            key.save(update_fields=["revoked_on"])
            # Tokens narrowed from a revoked key stop working with it.
            key.tokens.filter(revoked_on__isnull=True).update(revoked_on=now)
    return key


def issue_token(
    *,
    provider: Provider,
    scopes=None,
    ttl_seconds: int | None = None,
    api_key: ApiKey | None = None,
) -> IssuedToken:
    """A bearer token with a subset of the issuer's scopes (the key's, or every scope for staff)."""
    allowed = api_key.scopes if api_key else scope_names.ALL_SCOPES
    chosen = _scopes(allowed if scopes is None else scopes, allowed=allowed)
    if not chosen:
        raise InvalidRequest("a token needs at least one scope")
    ttl = settings.BEARER_TOKEN_DEFAULT_TTL_SECONDS if ttl_seconds is None else ttl_seconds
    if not 1 <= ttl <= settings.BEARER_TOKEN_MAX_TTL_SECONDS:
        raise InvalidRequest(f"ttl must be 1 to {settings.BEARER_TOKEN_MAX_TTL_SECONDS} seconds")
    value = credentials.new_token()
    token = BearerToken.objects.create(
        provider=provider,
        api_key=api_key,
        token_hash=credentials.digest(value),
        scopes=chosen,
        expires_on=timezone.now() + timedelta(seconds=ttl),
    )
    return IssuedToken(token=token, value=value)


def touch_api_key(key: ApiKey, now: datetime) -> None:
    # At most one write a minute per key: a hot key must not turn every read into a write.
    if key.last_used_on is None or now - key.last_used_on > timedelta(minutes=1):
        ApiKey.objects.filter(pk=key.pk).update(last_used_on=now)
