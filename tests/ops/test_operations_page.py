"""The staff operations page: analysts, auditors and superusers see it, read-only; nobody
else does."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.http import HttpRequest

from common.stats import percentile
from events import services as event_services
from events.models import Delivery, DeliveryAttempt
from ledger.models import CallbackAttempt, LedgerCall
from ops import overview
from payments.models import PaymentType
from tests.payments.factories import enroll, make_payment
from tests.reviews.admin_support import PASSWORD, staff_user
from tests.reviews.factories import payout_in_review, pending_review

URL = "/admin/ops/operationsoverview/"


def _login(client, user):
    # The login lockout's backend reads the request a password is checked for.
    assert client.login(request=HttpRequest(), username=user.username, password=PASSWORD)


def test_an_analyst_sees_the_queues_ledger_webhooks_and_payments(client, provider):
    pending_review(provider.provider)
    payout_in_review(provider.provider)
    _login(client, staff_user("ops_analyst"))
    response = client.get(URL)
    assert response.status_code == 200
    page = response.content.decode()
    for section in ('id="backlogs"', 'id="ledger"', 'id="webhooks"', 'id="payments"'):
        assert section in page
    assert "Participant reviews" in page and "Webhook deliveries" in page
    assert "<form" not in page.split('id="backlogs"')[1]  # nothing to act on here
    assert "Operations overview" in client.get("/admin/").content.decode()


def test_an_auditor_sees_it_and_other_staff_do_not(client, db):
    _login(client, staff_user("ops_auditor", group="Auditor"))
    assert client.get(URL).status_code == 200
    client.logout()
    _login(client, staff_user("ops_plain", group=None))
    assert client.get(URL).status_code == 403


# ---- the numbers, against rows whose figures are known ------------------------------------

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
START = NOW - timedelta(hours=1)


def _minute(n: int) -> datetime:
    return START + timedelta(minutes=n)


@pytest.fixture
def known_rows(provider):
    """In the last hour: 13 answered ledger attempts (one a minute from 11:01, 10..130 ms) and
    5 errors (one a minute from 11:55, 140..180 ms), 7 webhook attempts of which 4 failed; and
    since midnight: 3 accepted payouts, 2 created requests, 1 completed payout. Older rows of
    each kind that no figure may count."""
    with time_machine.travel(NOW, tick=False):
        call = LedgerCall.objects.create(
            provider=provider.provider,
            endpoint="authorize",
            payout_id="po_known",
            idempotency_key="known",
            service={},
            reply_to="payments.tasks.ledger_outcome",
        )
        answered = ["approved", "denied", "failed", "unknown"]
        errors = ["retry", "unavailable", "rejected", "bad_response", "retry"]
        rows = [(_minute(1 + i), answered[i % 4], 10 * (i + 1)) for i in range(13)]
        rows += [(_minute(55 + i), errors[i], 140 + 10 * i) for i in range(5)]
        rows += [(START - timedelta(minutes=10), "retry", 9000)] * 2  # before the hour
        CallbackAttempt.objects.bulk_create(
            CallbackAttempt(
                call=call,
                provider=provider.provider,
                endpoint="authorize",
                payout_id="po_known",
                attempt=n,
                url="https://ledger.example.com/authorize",
                http_status=200,
                latency_ms=latency,
                outcome=outcome,
                started_on=at,
            )
            for n, (at, outcome, latency) in enumerate(rows, start=1)
        )

        endpoint, _secret = event_services.create_endpoint(
            provider_id=provider.id, url="https://hooks.example.com/in"
        )
        event_services.send_test(provider_id=provider.id, endpoint_id=endpoint.pk)
        delivery = Delivery.objects.get()
        statuses = [200, 204, 201, 500, None, 404, 301]
        outside = START - timedelta(seconds=1)
        DeliveryAttempt.objects.bulk_create(
            [
                DeliveryAttempt(
                    delivery=delivery,
                    number=n,
                    started_on=_minute(30),
                    finished_on=_minute(30),
                    status_code=s,
                )
                for n, s in enumerate(statuses, start=1)
            ]
            + [
                DeliveryAttempt(
                    delivery=delivery,
                    number=8,
                    started_on=outside,
                    finished_on=outside,
                    status_code=500,
                ),
                # Still in flight: no outcome yet, so neither an attempt nor a failure.
                DeliveryAttempt(delivery=delivery, number=9, started_on=_minute(59)),
            ]
        )

        sender = enroll(provider.provider)
        midnight = NOW.replace(hour=0)
        for _ in range(3):
            make_payment(sender, status="accepted", created_on=midnight)
        make_payment(sender, status="completed", created_on=_minute(10))
        for _ in range(2):
            make_payment(sender, type=PaymentType.REQUEST, status="created")
        for _ in range(4):  # yesterday's
            make_payment(sender, status="accepted", created_on=midnight - timedelta(seconds=1))
    with time_machine.travel(NOW, tick=False):
        yield


def test_the_figures_are_computed_from_the_rows(known_rows):
    with time_machine.travel(NOW, tick=False):
        ledger = overview.ledger_last_hour()
        assert (ledger.attempts, ledger.errors) == (18, 5)
        assert ledger.error_rate == pytest.approx(5 / 18)
        # Nearest rank over 10, 20, ... 180 ms: the 9th and the 18th of 18.
        assert (ledger.p50_ms, ledger.p95_ms) == (90.0, 180.0)
        # Five-minute columns from 11:00: answered at 11:01-04, 11:05-09, 11:10-13; errors at
        # 11:55-59.
        counts = {0: (4, 0), 1: (5, 0), 2: (4, 0), 11: (0, 5)}
        expected = [(_minute(5 * n), *counts.get(n, (0, 0))) for n in range(12)]
        assert ledger.buckets == expected

        assert overview.webhook_failures_last_hour() == (7, 4)
        assert overview.payments_today() == [
            (PaymentType.PAYOUT, "accepted", 3),
            (PaymentType.REQUEST, "created", 2),
            (PaymentType.PAYOUT, "completed", 1),
        ]
        waiting = {b.label: b.pending for b in overview.backlogs()}
        # The test's delivery, and the enrolment's event for the endpoint: fanned out into a
        # delivery by now, or still waiting for the fan-out's worker, it is owed either way.
        assert waiting["Webhook deliveries"] == 2


def test_the_page_shows_those_figures(client, known_rows):
    _login(client, staff_user("ops_analyst"))
    page = " ".join(client.get(URL).content.decode().split())
    assert '<span class="ops-figure">18</span> attempts' in page
    assert '<span class="ops-figure">5</span> without an answer (28%)' in page
    assert "p50 90.0 ms · p95 180.0 ms" in page
    assert '<span class="ops-figure">7</span> delivery attempts' in page
    assert '<span class="ops-figure">4</span> failed' in page
    assert "<td>payout</td><td>accepted</td><td>3</td>" in page
    assert "<td>request</td><td>created</td><td>2</td>" in page
    assert "<td>payout</td><td>completed</td><td>1</td>" in page


@pytest.mark.parametrize(
    ("samples", "pct", "expected"),
    [
        ([10, 20, 30, 40, 50], 50, 30),  # the middle of an odd count
        ([10, 20, 30, 40, 50, 60, 70, 80, 90], 50, 50),
        (list(range(1, 19)), 95, 18),  # ceil(0.95 * 18) = 18th
        (list(range(1, 21)), 95, 19),
        ([7], 95, 7),
    ],
)
def test_percentiles_are_by_nearest_rank(samples, pct, expected):
    assert percentile(list(reversed(samples)), pct) == expected
