"""The numbers on the staff operations page, read from the database (no side effects)."""

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Count, Min, Q
from django.utils import timezone

from common.stats import percentile

BUCKET_MINUTES = 5


@dataclass(frozen=True)
class Backlog:
    label: str
    pending: int
    oldest_age: timedelta | None


@dataclass(frozen=True)
class LedgerHour:
    attempts: int
    errors: int
    p50_ms: float | None
    p95_ms: float | None
    # (bucket start, ok, errors) per five minutes, oldest first.
    buckets: list[tuple[datetime, int, int]] = field(default_factory=list)

    @property
    def error_rate(self) -> float:
        return self.errors / self.attempts if self.attempts else 0.0


def _backlog(label: str, queryset, field_name: str = "created_on") -> Backlog:
    now = timezone.now()
    found = queryset.aggregate(pending=Count("pk"), oldest=Min(field_name))
    oldest = found["oldest"]
    return Backlog(label, found["pending"], now - oldest if oldest else None)


def webhook_backlog(label: str) -> Backlog:
    """Deliveries not yet delivered, and events not yet fanned out into deliveries: each of
    those owes at least one, and none is written while the fan-out's worker is down."""
    from events.models import Delivery, Event

    parts = [
        _backlog(label, Delivery.objects.filter(status="pending")),
        _backlog(label, Event.objects.filter(dispatched_on__isnull=True)),
    ]
    ages = [part.oldest_age for part in parts if part.oldest_age is not None]
    return Backlog(label, sum(part.pending for part in parts), max(ages, default=None))


def backlogs() -> list[Backlog]:
    from reviews.models import ParticipantReview, PaymentReview, ReviewCommand

    return [
        _backlog("Participant reviews", ParticipantReview.objects.filter(status="pending")),
        _backlog("Payment reviews", PaymentReview.objects.filter(status="pending")),
        _backlog("Review commands (202s not yet applied)", ReviewCommand.objects.filter(
            status="pending"
        )),
        webhook_backlog("Webhook deliveries"),
    ]  # fmt: skip


def ledger_last_hour() -> LedgerHour:
    """Callback attempts of the last hour: an error is any attempt without a usable answer."""
    from ledger.models import CallbackAttempt

    now = timezone.now()
    start = now - timedelta(hours=1)
    rows = list(
        CallbackAttempt.objects.filter(started_on__gte=start).values_list(
            "started_on", "outcome", "latency_ms"
        )
    )
    answered = {"approved", "denied", "failed", "unknown"}
    latencies = [float(latency) for _, _, latency in rows]
    buckets = []
    for n in range(60 // BUCKET_MINUTES):
        lower = start + timedelta(minutes=n * BUCKET_MINUTES)
        upper = lower + timedelta(minutes=BUCKET_MINUTES)
        inside = [outcome for at, outcome, _ in rows if lower <= at < upper]
        ok = sum(outcome in answered for outcome in inside)
        buckets.append((lower, ok, len(inside) - ok))
    errors = sum(outcome not in answered for _, outcome, _ in rows)
    return LedgerHour(
        attempts=len(rows),
        errors=errors,
        p50_ms=percentile(latencies, 50) if latencies else None,
        p95_ms=percentile(latencies, 95) if latencies else None,
        buckets=buckets,
    )


def payments_today() -> list[tuple[str, str, int]]:
    """(type, status, count) of payments created since midnight UTC, largest first."""
    from payments.models import Payment

    midnight = timezone.now().replace(hour=0, minute=0, second=0, microsecond=0)
    rows = (
        Payment.objects.filter(created_on__gte=midnight)
        .values_list("type", "status")
        .annotate(count=Count("pk"))
        .order_by("-count", "type", "status")
    )
    return [(payment_type, status, count) for payment_type, status, count in rows]


def webhook_failures_last_hour() -> tuple[int, int]:
    """(attempts, failed attempts) of webhook deliveries in the last hour: those with an
    outcome (a send still in flight has none yet)."""
    from events.models import DeliveryAttempt

    since = timezone.now() - timedelta(hours=1)
    found = DeliveryAttempt.objects.filter(
        started_on__gte=since, finished_on__isnull=False
    ).aggregate(
        total=Count("pk"),
        ok=Count("pk", filter=Q(status_code__gte=200, status_code__lt=300)),
    )
    return found["total"], found["total"] - found["ok"]
