"""A backtest run: stored with its draft, window and row bound, replayed by a worker on the
backtests queue while its page shows the progress, then the report; eagerly, at once."""

import pytest

from risk.models import BacktestRun, RiskRule
from tests.reviews.admin_support import logged_in
from tests.risk.test_backtest import MID_AT_100, stored

__all__ = ["stored"]  # a fixture


@pytest.mark.django_db
def test_the_form_states_the_row_bound_and_a_run_replays_only_the_newest(stored, analyst, settings):
    mid, _ = stored
    settings.RISK_BACKTEST_ROW_LIMIT = 2
    client = logged_in(analyst)
    form = client.get(f"/admin/risk/riskrule/{mid.pk}/change/").content.decode()
    assert "At most 2 assessments are replayed" in form
    text = client.post(f"/admin/risk/riskrule/{mid.pk}/change/", MID_AT_100).content.decode()
    # Six assessments in the window (five payouts and the sender's signup); the newest two are
    # the payouts of a day ago (#1 unchanged, #2 low → medium).
    assert "The window holds 6 assessments: the newest 2 were replayed" in text, text
    assert 'id="backtest-up">1<' in text
    run = BacktestRun.objects.get()
    assert (run.status, run.progress, run.total, run.row_limit) == ("done", 2, 2, 2)
    assert float(run.draft["threshold"]) == 100  # the draft as typed, stored with the run
    assert RiskRule.objects.get(pk=mid.pk).threshold == 250


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_worker_on_the_backtests_queue_replays_the_run_its_page_shows(
    stored, analyst, own_broker
):
    from tests.reviews.broker import Worker, wait_until

    mid, _ = stored
    client = logged_in(analyst)
    response = client.post(f"/admin/risk/riskrule/{mid.pk}/change/", MID_AT_100)
    run = BacktestRun.objects.get()
    assert response.status_code == 302
    assert response.url == f"/admin/risk/riskrule/backtest/{run.pk}/"
    waiting = client.get(response.url).content.decode()
    assert 'id="backtest-progress"' in waiting and 'http-equiv="refresh"' in waiting
    assert run.status == "queued"
    worker = Worker(own_broker.url, queues=["backtests"])
    try:
        wait_until(
            lambda: BacktestRun.objects.get(pk=run.pk).status == "done",
            what="the worker to replay the run",
        )
    finally:
        worker.stop()
    page = client.get(response.url).content.decode()
    assert 'id="backtest-up">3<' in page and 'id="backtest-held">2<' in page
    assert 'http-equiv="refresh"' not in page
    assert RiskRule.objects.get(pk=mid.pk).threshold == 250


def _queued_run(mid) -> BacktestRun:
    """A run as `start` stores it, its message never delivered (the broker lost it)."""
    from risk.backtest_store import draft_to_json

    rule = RiskRule.objects.get(pk=mid.pk)
    rule.threshold = 100
    return BacktestRun.objects.create(
        target="rule",
        saved_pk=str(mid.pk),
        draft=draft_to_json(rule),
        title="lost",
        days=30,
        row_limit=1000,
    )


def _age(run: BacktestRun, seconds: int) -> None:
    from datetime import timedelta

    from django.utils import timezone

    touched = timezone.now() - timedelta(seconds=seconds)
    BacktestRun.objects.filter(pk=run.pk).update(touched_on=touched)


@pytest.mark.django_db
def test_a_run_another_worker_has_is_not_replayed_again(stored, analyst):
    from risk import backtest_runs

    mid, _ = stored
    run = _queued_run(mid)
    BacktestRun.objects.filter(pk=run.pk).update(status="running", attempts=1)
    backtest_runs.execute(run.pk)  # a second delivery while the first worker is alive
    assert BacktestRun.objects.get(pk=run.pk).status == "running"
    _age(run, backtest_runs.SILENT_AFTER.seconds + 1)  # that worker is gone
    backtest_runs.execute(run.pk)
    run.refresh_from_db()
    assert (run.status, run.attempts, run.report["replayed"] > 0) == ("done", 2, True)
    backtest_runs.execute(run.pk)  # a finished run is never taken again
    assert BacktestRun.objects.get(pk=run.pk).attempts == 2


@pytest.mark.django_db
def test_a_run_whose_workers_keep_dying_is_failed_with_that_cause(stored, analyst):
    from risk import backtest_runs

    mid, _ = stored
    run = _queued_run(mid)
    BacktestRun.objects.filter(pk=run.pk).update(
        status="running", attempts=backtest_runs.MAX_ATTEMPTS
    )
    _age(run, backtest_runs.SILENT_AFTER.seconds + 1)
    backtest_runs.execute(run.pk)  # out of attempts: not taken
    assert BacktestRun.objects.get(pk=run.pk).status == "running"
    assert backtest_runs.resume_unfinished() == []
    run.refresh_from_db()
    assert run.status == "failed" and "Stopped without finishing 3 times" in run.error


@pytest.mark.django_db
def test_the_sweeper_leaves_a_fresh_run_alone(stored, analyst):
    from risk import backtest_runs

    mid, _ = stored
    run = _queued_run(mid)
    assert backtest_runs.resume_unfinished() == []  # just queued: its message is on its way
    BacktestRun.objects.filter(pk=run.pk).update(status="running", attempts=1)
    _age(run, 120)  # running, and heard from within a worker's lifetime
    assert backtest_runs.resume_unfinished() == []


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_sweeper_hands_a_run_whose_message_was_lost_to_a_worker(stored, analyst, own_broker):
    from risk import backtest_runs
    from tests.reviews.broker import Worker, wait_until

    mid, _ = stored
    run = _queued_run(mid)
    _age(run, backtest_runs.UNTAKEN_AFTER.seconds + 1)
    assert backtest_runs.resume_unfinished() == [run.pk]
    worker = Worker(own_broker.url, queues=["backtests"])
    try:
        wait_until(
            lambda: BacktestRun.objects.get(pk=run.pk).status == "done",
            what="the worker to replay the run the sweeper handed on",
        )
    finally:
        worker.stop()
    assert BacktestRun.objects.get(pk=run.pk).attempts == 1


@pytest.mark.django_db
def test_a_refused_hand_over_leaves_the_run_queued_for_the_sweeper(stored, analyst, monkeypatch):
    from risk.tasks import run_backtest

    def refused(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(run_backtest, "delay", refused)
    mid, _ = stored
    page = logged_in(analyst).post(
        f"/admin/risk/riskrule/{mid.pk}/change/", MID_AT_100, follow=True
    )
    assert page.status_code == 200  # the run's page, the run waiting for the sweeper
    assert BacktestRun.objects.get().status == "queued"
