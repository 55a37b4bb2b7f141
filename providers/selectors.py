from functools import cache

from django.db.models import Q
from django.utils import timezone

from common.statements import Statement, model_from_row
from providers import credentials
from providers.models import ApiKey, BearerToken, Provider


def get_provider(provider_id: str) -> Provider | None:
    return Provider.objects.filter(pk=provider_id).first()


_KEY_FIELDS = ("id", "provider_id", "secret_hash", "scopes", "last_used_on")
# The provider's own rate-limit budgets, read with the key (api.rate_limits).
_PROVIDER_FIELDS = ("id", "reads_per_window", "writes_per_window", "webhook_tests_per_window")


@cache
def _key_fields() -> list:
    return [ApiKey._meta.get_field(name) for name in _KEY_FIELDS]


@cache
def _provider_fields() -> list:
    return [Provider._meta.get_field(name) for name in _PROVIDER_FIELDS]


def _active_key_text(connection) -> str:
    """Compiling the same ORM query on every request cost more CPU than PostgreSQL spends
    answering it."""
    key, provider = ApiKey._meta, Provider._meta
    columns = ", ".join(
        [f'k."{field.column}"' for field in _key_fields()]
        + [f'p."{field.column}"' for field in _provider_fields()[1:]]
    )
    return (
        f'SELECT {columns} FROM "{key.db_table}" k JOIN "{provider.db_table}" p '
        f'ON p."{provider.pk.column}" = k."{key.get_field("provider").column}" '
        f'WHERE k."{key.pk.column}" = %s AND k."{key.get_field("revoked_on").column}" IS NULL'
    )


# Read where a write reads (the primary): a key revoked a moment ago is refused at once.
ACTIVE_KEY = Statement(ApiKey, _active_key_text, write=True)


def active_api_key(key_id: str, secret: str) -> ApiKey | None:
    """Every request reads its key afresh (a revocation counts at once): the one read of the
    hot path, so only the columns authentication uses (the provider's rate-limit budgets with
    them, as `key.provider`), by a statement compiled once."""
    key = _active_key(key_id)
    if key is None or not credentials.matches(secret, key.secret_hash):
        return None
    return key


def _active_key(key_id: str) -> ApiKey | None:
    if not ACTIVE_KEY.applies():
        return _active_key_by_orm(key_id)
    row = ACTIVE_KEY.fetchone([key_id])
    if row is None:
        return None
    count = len(_KEY_FIELDS)
    key = model_from_row(ApiKey, _key_fields(), row[:count])
    key.provider = model_from_row(Provider, _provider_fields(), (key.provider_id, *row[count:]))
    return key


def _active_key_by_orm(key_id: str) -> ApiKey | None:
    """What ACTIVE_KEY reads, by the ORM (SQLite, whose text timestamps the ORM converts)."""
    provider_fields = [f"provider__{name}" for name in _PROVIDER_FIELDS]
    return (
        ApiKey.objects.filter(pk=key_id, revoked_on__isnull=True)
        .select_related("provider")
        .only(*_KEY_FIELDS, *provider_fields)
        .first()
    )


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
