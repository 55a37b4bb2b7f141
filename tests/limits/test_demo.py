"""The demo data shows every source kind, and seeding twice changes nothing."""

import pytest
from rest_framework.test import APIClient

from demo import seed
from limits.models import LimitChange, LimitGroupMembership, LimitOverride
from tests.conftest import basic_auth

pytestmark = pytest.mark.django_db


def sources(client, provider_id: str, external_id: str) -> dict:
    url = f"/providers/{provider_id}/participants/{external_id}/effective-limits"
    response = client.get(url)
    assert response.status_code == 200
    return {name: limit["source"] for name, limit in response.json()["effectiveLimits"].items()}


def test_demo_shows_every_source_kind_and_is_idempotent():
    seed.seed(base_url="http://testserver")
    changes = LimitChange.objects.count()
    result = seed.seed(base_url="http://testserver")
    assert LimitChange.objects.count() == changes
    assert LimitGroupMembership.objects.count() == 3
    assert LimitOverride.objects.count() == 1

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=basic_auth(result.api_key_id, result.api_key_secret))
    prv = result.provider.id
    alice = sources(client, prv, "demo-alice")
    assert alice == {
        "perTransactionAmount": "group:VIP+platform-clamp",
        "dailyAmount": "group:VIP",
        "weeklyAmount": "group:VIP",
        "monthlyAmount": "platform",
        "dailySendCount": "provider",
    }
    assert sources(client, prv, "demo-bob")["dailyAmount"] == "override"
    assert sources(client, prv, "demo-emeka")["dailySendCount"] == "group:New accounts"
    defaults = client.get(f"/providers/{prv}/limits/defaults").json()
    assert defaults["defaults"]["providerSources"]["dailyAmount"] == "provider"
    assert "provider" in defaults["versions"]
