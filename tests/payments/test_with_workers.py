"""The staff commands and the demo seed with a real worker process on a broker of the test's
own (not eager tasks), the ledger calls going over HTTP to the live server's sandbox ledger:
- `create_payout` prints the payout as read back after its commit, the shape it prints
  without a broker, and the worker then authorizes it; `claim_payout` likewise;
- `seed_demo` waits for what the workers do instead of assuming they already did it, and
  leaves every status but the two in-flight moments the workers carry on."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from payments.models import Payment, Payout, PayoutStatus, RequestStatus
from tests.payments.factories import enroll
from tests.reviews.broker import Worker, wait_until

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def worker(own_broker):
    process = Worker(own_broker.url)
    try:
        yield process
    finally:
        process.stop()


def _run(*args) -> dict:
    out = StringIO()
    call_command(*args, "--json", stdout=out)
    return json.loads(out.getvalue())


def _status(payout_id: str) -> str:
    return Payout.objects.get(pk=payout_id).status


def test_create_and_claim_print_the_payout_read_back(sandbox_ledger, provider, worker):
    sender = enroll(provider.provider, given="Wen", family="Okafor")
    printed = _run(
        "create_payout",
        *("--provider", provider.id, "--sender", sender.external_id),
        *("--recipient-phone", "+14155550123", "--amount", "12.34"),
    )
    payout = Payout.objects.get(pk=printed["payoutID"])
    assert list(printed) == ["payoutID", "status", "referenceNumber"]
    assert printed["referenceNumber"] == payout.reference_number
    # Whatever the worker had done by then, never an earlier status than the row's.
    assert printed["status"] in ("initiated", "accepted")
    wait_until(lambda: _status(payout.pk) == "accepted", 30, "the worker's authorize")

    claimed = _run("claim_payout", "--payout", payout.pk)
    assert claimed["status"] in ("claiming", "completed")
    wait_until(lambda: _status(payout.pk) == "completed", 30, "the worker's capture")
    assert len(sandbox_ledger.holds(payout.pk)) == 1


def test_the_demo_seeds_with_workers(live_server, worker):
    seeded = _run("seed_demo", "--base-url", live_server.url, "--wait-for-workers", "30")
    seen = {
        (payment.type, payment.status)
        for payment in Payment.objects.filter(initiator_provider_id=seeded["providerID"])
    }
    in_flight = {PayoutStatus.INITIATED, PayoutStatus.CLAIMING}
    expected = {("payout", s) for s in set(PayoutStatus.values) - in_flight} | {
        ("request", s) for s in RequestStatus.values
    }
    assert expected <= seen, sorted(expected - seen)
