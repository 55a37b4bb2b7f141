"""Backtest runs: "Test this change" stored as a row (which draft, which window, the row
bound) and replayed by a worker on the backtests queue, which records its progress and the
report; with tasks run eagerly (no broker), at once in the request. Writes only the run.

A run is taken by one worker at a time: taking it is one conditional UPDATE (queued, or
running but silent for longer than a worker may live), so a message delivered twice, or handed
on by the sweeper while the first worker still runs, replays nothing twice. The sweeper hands
on a run whose message the broker lost or whose worker died; after MAX_ATTEMPTS takers it is
failed with that cause instead of being tried forever.
"""

import logging
from datetime import timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from common.handover import hand_over
from config.queues import BACKTEST_WORK
from risk import selectors
from risk.backtest import Bound, backtest
from risk.backtest_lists import backtest_list_entry, signal_rules
from risk.backtest_outcomes import Report
from risk.backtest_store import draft_from_json, draft_to_json, report_to_json
from risk.models import BacktestRun, RiskAssessment, RiskListEntry, RiskPolicy, RiskRule
from risk.rule_precision import rule_precision

logger = logging.getLogger(__name__)
MODELS = {
    BacktestRun.Target.RULE: RiskRule,
    BacktestRun.Target.LIST_ENTRY: RiskListEntry,
    BacktestRun.Target.POLICY: RiskPolicy,
}
TARGETS = {model: target for target, model in MODELS.items()}
Status = BacktestRun.Status
# A worker is killed at the hard time limit: a run silent for longer has no live worker.
SILENT_AFTER = timedelta(seconds=BACKTEST_WORK[1] + 30)
# A queued run's message is handed on again after this long without a taker.
UNTAKEN_AFTER = timedelta(seconds=60)
MAX_ATTEMPTS = 3


def start(*, saved, draft, days: int, title: str, user_id: str) -> BacktestRun:
    """Store the run and hand it to a worker (at once when tasks run eagerly)."""
    from risk.tasks import run_backtest

    run = store(saved=saved, draft=draft, days=days, title=title, user_id=user_id)
    hand_over(run_backtest, run.pk, what=f"backtest run {run.pk}", logger=logger)
    run.refresh_from_db()
    return run


def store(
    *, saved, draft, days: int, title: str, user_id: str, row_limit: int | None = None
) -> BacktestRun:
    """The run, queued, bound to `row_limit` rows (default RISK_BACKTEST_ROW_LIMIT)."""
    return BacktestRun.objects.create(
        target=TARGETS[type(draft)],
        saved_pk=str(saved.pk) if saved is not None else "",
        draft=draft_to_json(draft),
        title=title[:255],
        days=days,
        row_limit=row_limit or settings.RISK_BACKTEST_ROW_LIMIT,
        requested_by=user_id,
    )


def _take(run_id: str) -> BacktestRun | None:
    """The run, now this worker's, or None when it is finished or another worker has it."""
    now = timezone.now()
    free = Q(status=Status.QUEUED) | Q(status=Status.RUNNING, touched_on__lt=now - SILENT_AFTER)
    taken = (
        BacktestRun.objects.filter(free, pk=run_id)
        .filter(attempts__lt=MAX_ATTEMPTS)
        .update(status=Status.RUNNING, touched_on=now, progress=0, attempts=F("attempts") + 1)
    )
    return BacktestRun.objects.filter(pk=run_id).first() if taken else None


def execute(run_id: str) -> None:
    """Replay the run's draft and store the report; a failure is stored too, with its cause."""
    run = _take(run_id)
    if run is None:
        return
    rows = BacktestRun.objects.filter(pk=run.pk)
    since = run.created_on - timedelta(days=run.days)
    try:
        in_window = RiskAssessment.objects.filter(assessed_on__gte=since).count()
        rows.update(total=min(in_window, run.row_limit), touched_on=timezone.now())
        model = MODELS[run.target]
        saved = model.objects.filter(pk=run.saved_pk).first() if run.saved_pk else None
        draft = draft_from_json(model, run.draft)
        bound = Bound(run.row_limit, lambda n: rows.update(progress=n, touched_on=timezone.now()))
        report = replay(saved, draft, run.days, run.created_on, bound)
        report.in_window, report.row_limit = in_window, run.row_limit
        report.precision = rule_precision(rules_changed(saved, draft), since=since)
    except Exception as error:
        logger.exception("backtest run %s failed", run.pk)
        rows.update(
            status=BacktestRun.Status.FAILED,
            error=f"{type(error).__name__}: {error}"[:512],
            finished_on=timezone.now(),
        )
        return
    rows.update(
        status=BacktestRun.Status.DONE,
        progress=report.replayed,
        report=report_to_json(report),
        finished_on=timezone.now(),
    )


def resume_unfinished(*, now=None) -> list[str]:
    """Hand on the runs left without a worker (the message lost, the worker gone); fail the
    ones that have worn out their attempts. The runs handed on."""
    from risk.tasks import run_backtest

    now = now or timezone.now()
    unfinished = BacktestRun.objects.filter(status__in=[Status.QUEUED, Status.RUNNING])
    worn_out = unfinished.filter(
        status=Status.RUNNING, touched_on__lt=now - SILENT_AFTER, attempts__gte=MAX_ATTEMPTS
    )
    for run_id in worn_out.values_list("pk", flat=True):
        logger.warning("backtest run %s stopped %d times without finishing", run_id, MAX_ATTEMPTS)
    worn_out.update(
        status=Status.FAILED,
        error=f"Stopped without finishing {MAX_ATTEMPTS} times (worker lost or out of time).",
        finished_on=now,
    )
    lost = unfinished.filter(
        Q(status=Status.QUEUED, touched_on__lt=now - UNTAKEN_AFTER)
        | Q(status=Status.RUNNING, touched_on__lt=now - SILENT_AFTER)
    )
    handed_on = list(lost.values_list("pk", flat=True))
    # A queued run is touched when handed on, so it waits its turn again before the next.
    BacktestRun.objects.filter(pk__in=handed_on, status=Status.QUEUED).update(touched_on=now)
    for run_id in handed_on:
        hand_over(run_backtest, run_id, what=f"backtest run {run_id}", logger=logger)
    return handed_on


def replay(saved, draft, days: int, now, bound: Bound | None = None) -> Report:
    if isinstance(draft, RiskListEntry):
        policy = selectors.get_policy()
        return backtest_list_entry(
            saved_entry=saved, draft_entry=draft, policy=policy, days=days, now=now, bound=bound
        )
    if isinstance(draft, RiskPolicy):
        return backtest(saved_policy=saved, draft_policy=draft, days=days, now=now, bound=bound)
    return backtest(
        saved_rule=saved,
        draft_rule=draft,
        saved_policy=selectors.get_policy(),
        days=days,
        now=now,
        bound=bound,
    )


def rules_changed(saved, draft) -> list[int] | None:
    """The rules whose past precision the report shows: the rule itself; a list entry's signal
    rules; every rule for the thresholds (None), which weigh them all."""
    if isinstance(draft, RiskPolicy):
        return None
    if isinstance(draft, RiskListEntry):
        return sorted(signal_rules(saved, draft).values_list("rule_id", flat=True))
    return [draft.rule_id] if draft.rule_id else []
