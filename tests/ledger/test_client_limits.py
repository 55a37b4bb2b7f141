"""A ledger call is bounded like every outbound call (common.outbound): a reply that trickles
ends the attempt at the deadline as retryable, a reply that streams 2 GiB is a bad response
that costs no memory."""

import time

from ledger import client, keys
from tests.common.servers import reset_peak_rss, rss_kb, stream, trickle

SERVICE = {"idempotencyKey": "po_1:authorize", "amount": {"value": "10.00", "currency": "USD"}}


def _call(server):
    return client.call(
        url=server.url("/ledger/authorize"),
        key=keys.generate(),
        endpoint="authorize",
        service=SERVICE,
    )


def test_a_trickling_reply_ends_the_attempt_at_the_deadline(raw_servers, settings):
    settings.LEDGER_DEADLINE_MS = 2000  # the read timeout (10 s) never fires: the deadline does
    server = raw_servers(trickle(status=200, length=1_000_000, every=1.0))
    started = time.monotonic()
    result = _call(server)
    took = time.monotonic() - started
    assert 1.0 <= took <= 3.0, took
    assert result.kind == client.RETRYABLE and result.http_status is None
    assert "did not arrive in time" in result.error
    assert len(server.requests) == 1


def test_a_2_gib_reply_is_a_bad_response_and_memory_stays_flat(raw_servers):
    server = raw_servers(stream(status=200, total=2 * 1024**3))
    peak = reset_peak_rss()
    before = rss_kb()
    result = _call(server)
    after = rss_kb("VmHWM" if peak else "VmRSS")
    assert after - before < 50 * 1024, (before, after)
    assert result.kind == client.BAD_RESPONSE and result.http_status == 200
    assert result.error == f"response body larger than {client.MAX_RESPONSE_BYTES} bytes"
