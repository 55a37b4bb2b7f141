"""GET /providers/{providerID}/limits/defaults at the HTTP level."""

import importlib

import pytest
from django.apps import apps as django_apps
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from rest_framework.test import APIClient

from api import scopes
from limits import selectors, services
from limits.models import PlatformLimits
from tests.limits.helpers import (
    STAFF,
    START_DEFAULTS,
    START_MAXIMUMS,
    assert_matches_schema,
    platform,
)

pytestmark = pytest.mark.django_db

_seed = importlib.import_module("limits.migrations.0003_seed_platform_limits")

NAMES = list(START_DEFAULTS)


def get(ctx, client=None):
    return (client or ctx.client).get(ctx.url("/limits/defaults"))


def values(block: dict) -> dict:
    """An amounts/count block back to minor units, for comparing with the stored numbers."""
    return {
        name: item if isinstance(item, int) else round(float(item["value"]) * 100)
        for name, item in block.items()
    }


def test_without_a_saved_policy_every_provider_dimension_falls_back_to_the_platform(provider):
    response = get(provider)
    assert response.status_code == 200
    body = response.json()
    assert_matches_schema(body, "LimitDefaults")
    assert values(body["defaults"]["platform"]) == START_DEFAULTS
    assert body["defaults"]["provider"] == body["defaults"]["platform"]
    assert body["defaults"]["providerSources"] == dict.fromkeys(NAMES, "platform")
    assert values(body["maximums"]) == START_MAXIMUMS
    assert set(body["versions"]) == {"platform"}
    assert body["versions"]["platform"]
    amount = body["defaults"]["platform"]["dailyAmount"]
    assert amount["value"] == "2500.00"
    assert amount["currency"]["code"] == "USD" and amount["currency"]["decimalPlaces"] == 2


def test_a_saved_policy_sets_only_the_dimensions_it_names(provider):
    policy = services.set_provider_limits(
        provider_id=provider.id,
        ceilings={"dailyAmount": 300000, "dailySendCount": 500},
        actor=STAFF,
    )
    body = get(provider).json()
    assert_matches_schema(body, "LimitDefaults")
    assert body["defaults"]["providerSources"] == {
        "perTransactionAmount": "platform",
        "dailyAmount": "provider",
        "weeklyAmount": "platform",
        "monthlyAmount": "platform",
        "dailySendCount": "provider",
    }
    provider_values = values(body["defaults"]["provider"])
    # The saved value as stored, even above the maximum (effective-limits shows the clamp).
    assert provider_values == {**START_DEFAULTS, "dailyAmount": 300000, "dailySendCount": 500}
    assert values(body["defaults"]["platform"]) == START_DEFAULTS
    assert body["versions"]["provider"] == policy.version_id


def test_a_saved_policy_that_sets_nothing_still_has_a_version(provider):
    policy = services.set_provider_limits(provider_id=provider.id, ceilings={}, actor=STAFF)
    body = get(provider).json()
    assert body["defaults"]["providerSources"] == dict.fromkeys(NAMES, "platform")
    assert body["versions"]["provider"] == policy.version_id


def test_every_write_replaces_the_right_version(provider, other_provider):
    first = get(provider).json()["versions"]
    platform(defaults={"dailyAmount": 1000})
    second = get(provider).json()["versions"]
    assert second["platform"] != first["platform"] and "provider" not in second

    services.set_provider_limits(provider_id=provider.id, ceilings={"dailyAmount": 5}, actor=STAFF)
    third = get(provider).json()["versions"]
    assert third["platform"] == second["platform"] and third["provider"]

    services.set_provider_limits(provider_id=provider.id, ceilings={"dailyAmount": 6}, actor=STAFF)
    fourth = get(provider).json()["versions"]
    assert fourth["platform"] == third["platform"]
    assert fourth["provider"] != third["provider"]

    # Another provider's policy, groups and overrides touch neither version.
    services.set_provider_limits(
        provider_id=other_provider.id, ceilings={"dailyAmount": 7}, actor=STAFF
    )
    services.create_limit_group(provider_id=provider.id, name="VIP", actor=STAFF)
    assert get(provider).json()["versions"] == fourth

    # Writing the same values again is not a change.
    services.set_provider_limits(provider_id=provider.id, ceilings={"dailyAmount": 6}, actor=STAFF)
    platform(defaults={"dailyAmount": 1000})
    assert get(provider).json()["versions"] == fourth

    services.clear_provider_limits(provider_id=provider.id, actor=STAFF)
    assert get(provider).json()["versions"] == {"platform": fourth["platform"]}


@pytest.mark.parametrize(
    "bad", ["not-a-provider", "prv_", "prv_01ARZ3NDEKTSV4RRFFQ69G5FA", "x" * 80]
)
def test_a_malformed_provider_id_is_400(provider, bad):
    response = provider.client.get(f"/providers/{bad}/limits/defaults")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["type"].endswith("#invalid-request")


def test_another_well_formed_provider_id_is_403_never_404(provider, other_provider):
    assert get(other_provider, provider.client).status_code == 403
    unknown = provider.client.get("/providers/prv_01ARZ3NDEKTSV4RRFFQ69G5FAV/limits/defaults")
    assert unknown.status_code == 403


def test_401_without_credentials(provider):
    assert get(provider, APIClient()).status_code == 401


def test_403_without_the_limits_read_scope(provider):
    assert get(provider, provider.client_with_scopes(scopes.LIMITS_WRITE)).status_code == 403
    assert get(provider, provider.client_with_scopes(scopes.LIMITS_READ)).status_code == 200


def test_a_migrated_database_starts_from_the_starting_values(provider):
    body = get(provider).json()
    assert values(body["defaults"]["platform"]) == START_DEFAULTS
    assert values(body["maximums"]) == START_MAXIMUMS
    assert PlatformLimits.objects.get().currency == "USD"
    assert get(provider).json()["versions"] == body["versions"]


def test_the_migration_seeds_the_row_and_a_read_never_writes_it(provider):
    PlatformLimits.objects.all().delete()
    with pytest.raises(ImproperlyConfigured, match="migrate"):
        selectors.get_platform_limits()
    assert not PlatformLimits.objects.exists()

    _seed.seed_platform_limits(django_apps, connection.schema_editor())
    assert values(get(provider).json()["defaults"]["platform"]) == START_DEFAULTS
    # Applied again (a database that had the row), it keeps what staff set.
    platform(defaults={"dailyAmount": 300000})
    _seed.seed_platform_limits(django_apps, connection.schema_editor())
    assert PlatformLimits.objects.get().default_daily_amount == 300000
