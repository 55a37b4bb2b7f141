"""`seed_demo` registers the demo provider's webhook endpoint at the sandbox receiver of the
same server: a suspension made with the printed key arrives there, signature verified."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from events.models import WebhookEndpoint
from events.sandbox.models import ReceivedWebhook
from tests.conftest import basic_auth


@pytest.fixture
def as_in_debug(settings):
    # What `make run` (DEBUG on) allows: a local receiver over http.
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True


def _seed(base_url: str) -> dict:
    out = StringIO()
    call_command("seed_demo", "--base-url", base_url, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_a_walkthrough_suspension_arrives_signed_at_the_sandbox_receiver(live_server, as_in_debug):
    data = _seed(live_server.url)
    assert data["webhookURL"].startswith(f"{live_server.url}/sandbox/webhooks/rcv_")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=basic_auth(data["apiKeyID"], data["apiKeySecret"]))
    base = f"/providers/{data['providerID']}/participants/demo-carmen"
    version = client.get(base).json()["relationship"]["versionID"]
    response = client.post(
        f"{base}/suspensions",
        {"reasonCode": "customer-request", "expectedVersionID": version},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="demo-suspend",
    )
    assert response.status_code == 201
    [got] = ReceivedWebhook.objects.filter(event_type="relationship.suspended")
    assert got.verified and got.status_code == 204
    assert got.body["data"]["externalID"] == "demo-carmen"

    out = StringIO()
    call_command("sandbox_webhooks", "--provider", data["providerID"], "--json", stdout=out)
    [shown] = [
        r for r in json.loads(out.getvalue())["received"] if r["type"] == "relationship.suspended"
    ]
    assert shown["verified"] is True and shown["webhookID"] == got.webhook_id


def test_reseeding_on_another_port_moves_the_endpoint(live_server, as_in_debug):
    _seed(live_server.url)
    _seed(live_server.url)
    assert WebhookEndpoint.objects.filter(deleted_on__isnull=True).count() == 1
    _seed("http://127.0.0.1:8311")
    [live] = WebhookEndpoint.objects.filter(deleted_on__isnull=True)
    assert live.url.startswith("http://127.0.0.1:8311/sandbox/webhooks/")
