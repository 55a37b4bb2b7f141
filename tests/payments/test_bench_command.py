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
