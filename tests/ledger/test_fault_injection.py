"""Many payouts through a sandbox ledger that fails on purpose: 503s, 429s and slow answers
(processed, then held back past the client's timeout, so the reply is lost and the retry is a
replay). Every payout must end with exactly one hold, and the books must balance.

LEDGER_FAULT_ROUNDS sets the number of payouts (default 40)."""

import os
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from ledger import codec
from ledger.models import CallbackAttempt
from tests.ledger.support import authorize, authorize_service, open_response, release

ROUNDS = int(os.environ.get("LEDGER_FAULT_ROUNDS", "40"))
OPENING = 1_000_000


@pytest.fixture
def lossy_ledger(settings, sandbox_ledger):
    settings.LEDGER_MAX_ATTEMPTS = 40
    settings.LEDGER_READ_TIMEOUT_MS = 200
    sandbox_ledger.set_faults(
        rate_503=0.3, rate_429=0.2, slow_rate=0.15, slow_ms=300, retry_after_seconds=1
    )
    return sandbox_ledger


def attempt_stats(endpoint: str) -> Counter:
    stats = Counter()
    for attempt in CallbackAttempt.objects.filter(endpoint=endpoint):
        stats["attempts"] += 1
        stats[attempt.http_status or "timeout"] += 1
    return stats


def test_faults_never_double_hold(lossy_ledger, provider, received):
    payouts = {f"po_FI{i:04d}": 100 + i for i in range(ROUNDS)}
    for payout_id, amount in payouts.items():
        authorize(provider.id, payout_id, amount=amount)
    authorized = {o["payoutID"]: o for o in received if o["endpoint"] == "authorize"}
    assert {o["outcome"] for o in authorized.values()} == {"approved"}
    for payout_id, amount in payouts.items():
        holds = lossy_ledger.holds(payout_id)
        assert len(holds) == 1, payout_id
        assert holds[0].reference == authorized[payout_id]["reference"]
        assert holds[0].amount_minor == amount
    total = sum(payouts.values())
    assert lossy_ledger.held("acct-1") == total
    assert lossy_ledger.balance("acct-1") == OPENING - total

    for payout_id in payouts:
        release(provider.id, payout_id, authorized[payout_id]["reference"])
    released = [o for o in received if o["endpoint"] == "release"]
    assert len(released) == ROUNDS and {o["outcome"] for o in released} == {"approved"}
    assert {h.status for h in lossy_ledger.holds()} == {"released"}
    assert lossy_ledger.held("acct-1") == 0 and lossy_ledger.balance("acct-1") == OPENING

    faults = lossy_ledger.faults()
    replays = sum(op.replays for op in lossy_ledger.operations())
    summary = {
        "rounds": ROUNDS,
        "authorize": dict(attempt_stats("authorize")),
        "release": dict(attempt_stats("release")),
        "injected": {
            "503": faults.injected_503,
            "429": faults.injected_429,
            "slow": faults.injected_slow,
        },
        "sandbox_replays": replays,
        "holds": len(lossy_ledger.holds()),
    }
    print(f"\nfault-injection summary: {summary}")
    # The faults really happened, and lost replies really were answered by replays.
    assert faults.injected_503 and faults.injected_429 and faults.injected_slow
    assert replays >= 1
    assert summary["holds"] == ROUNDS


@pytest.mark.pgbouncer
@pytest.mark.postgres
def test_concurrent_identical_requests_place_one_hold(sandbox_ledger, provider):
    token = codec.seal(
        typ="authorize", service=authorize_service(provider.id, "po_CC1"), key=sandbox_ledger.key
    )
    url = sandbox_ledger.urls["authorize_url"]
    with ThreadPoolExecutor(max_workers=8) as pool:
        responses = list(
            pool.map(lambda _: requests.post(url, json={"request": token}, timeout=20), range(8))
        )
    assert [r.status_code for r in responses] == [200] * 8
    answers = [open_response(sandbox_ledger, "authorize", r) for r in responses]
    assert len({a["holdReference"] for a in answers}) == 1
    assert len(sandbox_ledger.holds("po_CC1")) == 1
    [operation] = sandbox_ledger.operations("authorize")
    assert operation.replays == 7
    assert sandbox_ledger.balance("acct-1") == OPENING - 1500


@pytest.mark.pgbouncer
@pytest.mark.postgres
def test_concurrent_payouts_never_overdraw(sandbox_ledger, provider):
    sandbox_ledger.set_balance("acct-cc", 10_000)
    url = sandbox_ledger.urls["authorize_url"]

    def send(index):
        service = authorize_service(provider.id, f"po_OD{index}", amount="10.00", source="acct-cc")
        token = codec.seal(typ="authorize", service=service, key=sandbox_ledger.key)
        response = requests.post(url, json={"request": token}, timeout=20)
        return open_response(sandbox_ledger, "authorize", response)["outcome"]

    with ThreadPoolExecutor(max_workers=8) as pool:
        outcomes = Counter(pool.map(send, range(20)))
    assert outcomes == {"approved": 10, "denied": 10}
    assert sandbox_ledger.balance("acct-cc") == 0
    assert sandbox_ledger.held("acct-cc") == 10_000
    assert len(sandbox_ledger.holds()) == 10
