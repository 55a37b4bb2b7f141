"""The demo seed leaves payouts and requests in every status, through the real engine and
the sandbox ledger of the (live test) server; re-seeding adds nothing."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from payments.models import Payment, PayoutStatus, RequestStatus
from tests.conftest import basic_auth


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20


def _seed(base_url: str) -> dict:
    out = StringIO()
    call_command("seed_demo", "--base-url", base_url, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_the_demo_shows_every_status(live_server, client):
    data = _seed(live_server.url)
    auth = basic_auth(data["apiKeyID"], data["apiKeySecret"])
    response = client.get(
        f"/providers/{data['providerID']}/payments", {"limit": 100}, HTTP_AUTHORIZATION=auth
    )
    rows = response.json()["payments"]
    seen = {(row["type"], row["status"]) for row in rows}
    expected = {("payout", s) for s in PayoutStatus.values} | {
        ("request", s) for s in RequestStatus.values
    }
    assert expected <= seen, sorted(expected - seen)
    # The second provider took part: it owns the cross-provider payments too.
    second = Payment.objects.filter(counterparty_provider_id=data["secondProviderID"])
    assert {p.type for p in second} == {"payout", "request"}

    count = Payment.objects.count()
    again = _seed(live_server.url)
    assert again["providerID"] == data["providerID"]
    assert Payment.objects.count() == count
