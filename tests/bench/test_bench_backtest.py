"""bench_backtest runs end to end on a small set of assessments (the numbers are in docs)."""

import json

import pytest
from django.core.management import call_command

from risk.models import BacktestRun, RiskAssessment

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def test_the_bench_seeds_assessments_and_times_the_run_as_its_task(capsys):
    options = {"assessments": 300, "payments": 100, "in_process": True, "json": True}
    call_command("bench_backtest", **options)
    report = json.loads(capsys.readouterr().out)
    assert report["seededNow"] == 300 and report["assessmentsInWindow"] >= 300
    assert report["replayed"] == report["assessmentsInWindow"]
    assert report["seconds"] > 0 and report["mode"] == "in process"
    run = BacktestRun.objects.get()
    assert run.status == "done" and run.attempts == 1
    # The draft lowers both thresholds: the seeded 80-point payouts would now be denied.
    denied = [m for m in run.report["moves"] if m[1] == "review" and m[2] == "deny"]
    assert denied and denied[0][3]["count"] > 0
    call_command("bench_backtest", **{**options, "row_limit": 100})  # topped up: none seeded
    again = json.loads(capsys.readouterr().out)
    assert (again["seededNow"], again["replayed"]) == (0, 100)
    assert RiskAssessment.objects.count() == report["assessmentsInWindow"]
