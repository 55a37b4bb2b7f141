"""Prometheus metrics (prometheus-client; multiprocess mode when PROMETHEUS_MULTIPROC_DIR is
set, so every gunicorn and Celery worker process is counted).

Counters and histograms are defined in common.metrics (the apps that count import nothing
above them) and updated where things happen; the backlog gauges (review queues, review
commands, webhook deliveries) are read from the database, and the Celery queues' depths from
the broker, when /metrics is scraped, so they are right whichever process serves the
scrape."""

import os
from datetime import datetime

from django.db.models import Count, Min
from django.utils import timezone
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

# Every counter is registered before the first scrape, whichever app has counted yet.
from common import metrics as _counted  # noqa: F401


def _age(oldest: datetime | None, now: datetime) -> float:
    return (now - oldest).total_seconds() if oldest else 0.0


class BacklogCollector:
    """What is waiting, and for how long, read at scrape time."""

    def collect(self):
        from ops.overview import webhook_backlog
        from reviews.models import ParticipantReview, PaymentReview, ReviewCommand

        now = timezone.now()
        backlogs = (
            ("review_commands", "Accepted review commands not yet applied",
             ReviewCommand.objects.filter(status="pending"), "created_on"),
            ("participant_reviews", "Pending participant reviews",
             ParticipantReview.objects.filter(status="pending"), "created_on"),
            ("payment_reviews", "Pending payment reviews",
             PaymentReview.objects.filter(status="pending"), "created_on"),
        )  # fmt: skip
        for name, description, queryset, field in backlogs:
            found = queryset.aggregate(count=Count("pk"), oldest=Min(field))
            age = _age(found["oldest"], now)
            yield from _backlog_gauges(name, description, found["count"], age)
        webhooks = webhook_backlog("")
        yield from _backlog_gauges(
            "webhook_deliveries",
            "Webhook deliveries not yet delivered (due or waiting), events not yet fanned out "
            "into deliveries counted as one each",
            webhooks.pending,
            webhooks.oldest_age.total_seconds() if webhooks.oldest_age else 0.0,
        )


def _backlog_gauges(name: str, description: str, count: int, age: float):
    yield GaugeMetricFamily(f"{name}_pending", description, value=count)
    yield GaugeMetricFamily(
        f"{name}_oldest_age_seconds", f"Age of the oldest of: {description.lower()}", value=age
    )


class QueueCollector:
    """Each Celery queue's depth and the age of its oldest message, read from the broker; and
    the workers consuming it, by their heartbeats (ops.workers)."""

    def collect(self):
        from ops import queues, workers

        found = queues.depths()
        if found is None:
            return
        depth = _per_queue("celery_queue_depth", "Messages waiting in a Celery queue")
        age = _per_queue(
            "celery_queue_oldest_age_seconds",
            "How long the oldest message in a Celery queue has waited (0 when empty)",
        )
        for queue in found:
            depth.add_metric([queue.queue], queue.depth)
            age.add_metric([queue.queue], queue.oldest_age_seconds or 0.0)
        yield depth
        yield age
        beats = workers.read()
        if beats is None:
            return
        consumers = _per_queue(
            "celery_queue_consumers",
            "Workers consuming a Celery queue (a heartbeat within three intervals)",
        )
        beat = _per_queue(
            "celery_queue_last_heartbeat_age_seconds",
            "Since the last heartbeat of any worker of a Celery queue (absent: never seen)",
        )
        for queue in beats:
            consumers.add_metric([queue.queue], queue.consumers)
            if queue.last_beat_age_seconds is not None:
                beat.add_metric([queue.queue], queue.last_beat_age_seconds)
        yield consumers
        yield beat


def _per_queue(name: str, description: str) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, description, labels=["queue"])


class LedgerBulkheadCollector:
    """The ledger bulkhead read from Redis: the bound, and each provider with a call in
    flight, in line or backed off (the others have no series)."""

    def collect(self):
        from django.conf import settings

        from ledger import bulkhead

        yield GaugeMetricFamily(
            "ledger_bulkhead_bound",
            "Ledger calls one provider may have in flight while its ledger answers well",
            value=settings.LEDGER_MAX_IN_FLIGHT_PER_PROVIDER,
        )
        found = bulkhead.states()
        if found is None:
            return
        families = {
            "in_flight": ("Ledger calls in flight (slots held), by provider", "holders"),
            "waiting": ("Ledger calls waiting for a slot, by provider", "waiting"),
            "limit": ("Ledger calls the provider may have in flight now", "limit"),
            "backed_off": ("1 while the provider's ledger is strained (slots cut)", "strained"),
        }
        for name, (description, attribute) in families.items():
            family = GaugeMetricFamily(f"ledger_bulkhead_{name}", description, labels=["provider"])
            for state in found:
                family.add_metric([state.compartment], float(getattr(state, attribute)))
            yield family


def exposition() -> bytes:
    """The text a scrape reads: every process's samples in multiprocess mode (this process's
    otherwise), then the backlog read from the database."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        counted = CollectorRegistry()
        multiprocess.MultiProcessCollector(counted)
    else:
        counted = REGISTRY
    backlog = CollectorRegistry()
    backlog.register(BacklogCollector())
    backlog.register(QueueCollector())
    backlog.register(LedgerBulkheadCollector())
    return generate_latest(counted) + generate_latest(backlog)
