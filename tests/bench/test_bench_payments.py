"""bench_payments runs end to end on a small dataset (the numbers themselves are in docs)."""

import json

import pytest
from django.core.management import call_command

from payments.models import Payment, PaymentEntry

pytestmark = pytest.mark.django_db


def test_bench_generates_data_and_times_every_scenario(capsys):
    call_command("bench_payments", rows=400, providers=3, repeat=2, depth=3, json=True)
    report = json.loads(capsys.readouterr().out)
    assert report["rows"] == 400 and report["generatedPayments"] >= 400
    names = [scenario["scenario"] for scenario in report["scenarios"]]
    for expected in ("first page", "page 3 (cursor)", "q by name", "q by phone digits"):
        assert expected in names
    for scenario in report["scenarios"]:
        assert scenario["p95"] >= scenario["p50"] > 0 and scenario["plan"]
    first = next(s for s in report["scenarios"] if s["scenario"] == "first page")
    assert first["rows"] == 25
    # Every payment has its primary entry for its initiating provider.
    assert PaymentEntry.objects.filter(is_primary=True).count() >= Payment.objects.count()


def test_bench_times_payouts_through_the_service(capsys):
    call_command(
        "bench_payments", rows=200, providers=2, repeat=1, depth=2, insert_rate=5, json=True
    )
    rate = json.loads(capsys.readouterr().out)["insertRate"]
    assert rate["payouts"] == 5 and rate["perSecond"] > 0
    assert rate["p95"] >= rate["p50"] > 0
    # Each payout has its own sender: no send limit refused one.
    created = Payment.objects.filter(type="payout")
    assert created.filter(initiator_enrollment__external_id__startswith="rate").count() == 5
