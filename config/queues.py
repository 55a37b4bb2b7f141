"""Where each Celery task runs and how long it may take: the whole table in one place.

Each kind of background work has its own queue and its own workers (see the `Procfile`), so a
slow or hostile counterparty costs only its own kind of work: a webhook receiver that hangs
holds webhook slots, never a ledger call, a review command or an onboarding step.

Time limits follow the kind. An outbound call's soft limit is its own deadline plus a margin
(the HTTP client ends the attempt at the deadline; the soft limit is the backstop), and the
hard limit, which kills the worker process, comes shortly after. Both stay below the lease
that keeps a sweeper from handing the same work to a second worker meanwhile
(`check_leases`). Database-only work gets limits that are generous for it and still finite.
"""

from dataclasses import dataclass

from kombu import Exchange, Queue

LEDGER = "ledger"  # ledger calls and their outcomes: money
REVIEWS = "reviews"  # analysts' and providers' review commands
PARTICIPANTS = "participants"  # onboarding and other participant work
WEBHOOKS = "webhooks"  # event dispatch and webhook delivery
SWEEPS = "sweeps"  # periodic sweeps, expiries and purges (what beat schedules)
BACKTESTS = "backtests"  # analysts' "Test this change" replays: long, never in the way

QUEUES = (LEDGER, REVIEWS, PARTICIPANTS, WEBHOOKS, SWEEPS, BACKTESTS)

# After an outbound call's own deadline: until the soft limit, then until the hard one.
OUTBOUND_SOFT_MARGIN = 5
OUTBOUND_HARD_MARGIN = 10
DATABASE_WORK = (60, 90)
SWEEP_WORK = (300, 360)
BACKTEST_WORK = (300, 330)  # the row bound (RISK_BACKTEST_ROW_LIMIT) keeps a run well inside


@dataclass(frozen=True)
class Route:
    queue: str
    soft_seconds: int
    hard_seconds: int


def _outbound(queue: str, deadline_seconds: float) -> Route:
    deadline = int(deadline_seconds + 0.999)
    return Route(queue, deadline + OUTBOUND_SOFT_MARGIN, deadline + OUTBOUND_HARD_MARGIN)


def table(*, ledger_deadline: float, webhook_deadline: float) -> dict[str, Route]:
    """Every task of the project, by name. A test keeps it complete."""
    return {
        # Money: one HTTP attempt to the provider's ledger, and what the payment does next.
        "ledger.tasks.deliver_call": _outbound(LEDGER, ledger_deadline),
        "payments.tasks.on_ledger_outcome": Route(LEDGER, *DATABASE_WORK),
        "reviews.tasks.apply_review_command": Route(REVIEWS, *DATABASE_WORK),
        "participants.tasks.finish_onboarding": Route(PARTICIPANTS, *DATABASE_WORK),
        "events.tasks.dispatch_events": Route(WEBHOOKS, *DATABASE_WORK),
        "events.tasks.deliver_webhook": _outbound(WEBHOOKS, webhook_deadline),
        # One delivery is sent in the task; several are fanned out as one task each.
        "events.tasks.deliver_webhooks": _outbound(WEBHOOKS, webhook_deadline),
        "api.tasks.purge_expired_idempotency_keys": Route(SWEEPS, *SWEEP_WORK),
        "payments.tasks.expire_payments": Route(SWEEPS, *SWEEP_WORK),
        "payments.tasks.release_waiting_requests": Route(SWEEPS, *SWEEP_WORK),
        "payments.tasks.reconcile_payouts": Route(SWEEPS, *SWEEP_WORK),
        "reviews.tasks.sweep_review_commands": Route(SWEEPS, *SWEEP_WORK),
        "participants.tasks.sweep_pending_onboarding": Route(SWEEPS, *SWEEP_WORK),
        "events.tasks.sweep_webhook_deliveries": Route(SWEEPS, *SWEEP_WORK),
        "events.tasks.purge_expired_events": Route(SWEEPS, *SWEEP_WORK),
        "ledger.tasks.resume_stalled_calls": Route(SWEEPS, *SWEEP_WORK),
        "ledger.tasks.purge_expired_attempts": Route(SWEEPS, *SWEEP_WORK),
        "ops.tasks.maintain_partitions": Route(SWEEPS, *SWEEP_WORK),
        "risk.tasks.run_backtest": Route(BACKTESTS, *BACKTEST_WORK),
        "risk.tasks.resume_backtests": Route(SWEEPS, *SWEEP_WORK),
    }


def celery_routes(routes: dict[str, Route]) -> dict[str, dict]:
    """Each task to its queue. Celery declares the queue on a connection's first publish to
    it, and a task message goes to the queue by its name (the default exchange): no binding
    is read on a publish, so a broker that restarted empty still receives every message
    where its workers read."""
    return {name: {"queue": route.queue} for name, route in routes.items()}


def celery_queues() -> tuple[Queue, ...]:
    """Every queue, declared: a worker started without `-Q` consumes all of them (the
    Procfile's workers each name theirs)."""
    return tuple(Queue(name, Exchange(name, type="direct"), routing_key=name) for name in QUEUES)


def celery_annotations(routes: dict[str, Route]) -> dict[str, dict]:
    return {
        name: {"soft_time_limit": route.soft_seconds, "time_limit": route.hard_seconds}
        for name, route in routes.items()
    }


def check_leases(routes: dict[str, Route], *, webhook_lease: float, ledger_lease: float) -> None:
    """A lease shorter than the hard limit would let a sweeper hand a task's work to a second
    worker while the first still holds it (the same webhook sent twice at once)."""
    for name, lease in (
        ("events.tasks.deliver_webhook", webhook_lease),
        ("events.tasks.deliver_webhooks", webhook_lease),
        ("ledger.tasks.deliver_call", ledger_lease),
    ):
        if routes[name].hard_seconds >= lease:
            raise ValueError(
                f"{name}: the lease ({lease:g} s) must outlast the hard time limit "
                f"({routes[name].hard_seconds} s)"
            )
