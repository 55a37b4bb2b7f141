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
