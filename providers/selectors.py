from django.db.models import Q
from django.utils import timezone

from providers import credentials
from providers.models import ApiKey, BearerToken, Provider


def get_provider(provider_id: str) -> Provider | None:
    return Provider.objects.filter(pk=provider_id).first()


def active_api_key(key_id: str, secret: str) -> ApiKey | None:
    """Every request reads its key afresh (a revocation counts at once): the one read of the
    hot path, so only the columns authentication uses, and no ordering to compile."""
    key = next(
        iter(
            ApiKey.objects.filter(pk=key_id, revoked_on__isnull=True).only(
                "id", "provider_id", "secret_hash", "scopes", "last_used_on"
            )[:1]
        ),
        None,
    )
    if key is None or not credentials.matches(secret, key.secret_hash):
        return None
    return key


def active_token(value: str) -> BearerToken | None:
    now = timezone.now()
    return (
        BearerToken.objects.select_related("provider", "api_key")
        .filter(token_hash=credentials.digest(value), revoked_on__isnull=True, expires_on__gt=now)
        .filter(Q(api_key__isnull=True) | Q(api_key__revoked_on__isnull=True))
        .first()
    )


def get_api_key(key_id: str | None) -> ApiKey | None:
    if not key_id:
        return None
    return ApiKey.objects.select_related("provider").filter(pk=key_id).first()
