"""On PostgreSQL a request's API key is read by a statement built once per process
(providers.selectors.ACTIVE_KEY); SQLite keeps the ORM's read. Both run here on PostgreSQL over
the same keys and are held to the same key, provider budgets and refusals."""

import pytest

from providers import selectors, services
from providers.models import ApiKey, Provider

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def _values(key):
    if key is None:
        return None
    return (
        {name: getattr(key, name) for name in selectors._KEY_FIELDS},
        {name: getattr(key.provider, name) for name in selectors._PROVIDER_FIELDS},
    )


def _both(key_id: str):
    by_orm = selectors._active_key_by_orm(key_id)
    by_sql = selectors._active_key(key_id)
    assert _values(by_sql) == _values(by_orm)
    return by_sql


def test_the_statement_reads_what_the_orm_reads(provider):
    Provider.objects.filter(pk=provider.id).update(reads_per_window=7, writes_per_window=3)
    key = _both(provider.key_id)
    assert key.pk == provider.key_id and key.provider.reads_per_window == 7
    assert type(key) is ApiKey and type(key.provider) is Provider
    used = services.create_api_key(provider=provider.provider, scopes=["payments.read"])
    ApiKey.objects.filter(pk=used.api_key.id).update(last_used_on="2026-07-01T09:00:00Z")
    assert _both(used.api_key.id).last_used_on is not None
    assert selectors.active_api_key(used.api_key.id, used.secret).scopes == ["payments.read"]


def test_a_revoked_or_unknown_key_is_none_both_ways(provider):
    services.revoke_api_key(key_id=provider.key_id)
    assert _both(provider.key_id) is None
    assert _both("key_unknown") is None
