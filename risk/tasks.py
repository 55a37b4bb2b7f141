"""Celery entry points of the risk app: thin, they take IDs and call a service."""

from celery import shared_task

from risk import backtest_runs


@shared_task(name="risk.tasks.run_backtest", acks_late=True, ignore_result=True)
def run_backtest(run_id: str) -> None:
    backtest_runs.execute(run_id)


@shared_task(name="risk.tasks.resume_backtests", ignore_result=True)
def resume_backtests() -> int:
    return len(backtest_runs.resume_unfinished())
