"""`seed_demo` wires the demo provider's ledger to the sandbox of the same server."""

import json
from io import StringIO

from django.core.management import call_command

from ledger.models import LedgerRegistration
from tests.ledger.support import authorize


def seed(base_url: str) -> dict:
    out = StringIO()
    call_command("seed_demo", "--base-url", base_url, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_demo_provider_authorizes_against_the_sandbox(live_server, received):
    data = seed(live_server.url)
    provider_id = data["providerID"]
    root = f"{live_server.url}/sandbox/ledger/{provider_id}"
    assert data["ledgerURLs"] == {
        "authorize_url": f"{root}/authorize",
        "release_url": f"{root}/release",
        "capture_url": f"{root}/capture",
    }
    outcome = authorize(provider_id, "po_DEMO1", source="acct-demo-alice")
    assert outcome["outcome"] == "approved"
    low = authorize(provider_id, "po_DEMO2", amount=5000, source="card-demo-carmen")
    assert (low["outcome"], low["reason"]) == ("denied", "insufficient_funds")


def test_reseeding_keeps_the_key(live_server):
    seed(live_server.url)
    key_id = LedgerRegistration.objects.get().key_id
    seed(live_server.url)
    assert LedgerRegistration.objects.get().key_id == key_id
