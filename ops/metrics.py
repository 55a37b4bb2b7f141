"""Prometheus metrics (prometheus-client; multiprocess mode when PROMETHEUS_MULTIPROC_DIR is
set, so every gunicorn and Celery worker process is counted).

Counters and histograms are updated where things happen; the backlog gauges (review queues,
review commands, webhook deliveries) are read from the database, and the Celery queues'
depths from the broker, when /metrics is scraped, so they are right whichever process serves
the scrape."""

import os
from datetime import datetime

from django.db.models import Count, Min
from django.utils import timezone
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)

HTTP_REQUESTS = Counter(
    "http_requests_total", "HTTP requests by route template, method and status",
    ["route", "method", "status"],
)  # fmt: skip
HTTP_LATENCY = Histogram(
    "http_request_duration_seconds", "HTTP request latency by route template and method",
    ["route", "method"], buckets=LATENCY_BUCKETS,
)  # fmt: skip
LEDGER_ATTEMPTS = Counter(
    "ledger_callback_attempts_total", "Ledger callback HTTP attempts by endpoint and outcome",
    ["endpoint", "outcome"],
)  # fmt: skip
LEDGER_LATENCY = Histogram(
    "ledger_callback_duration_seconds", "Ledger callback attempt latency by endpoint",
    ["endpoint"], buckets=LATENCY_BUCKETS,
)  # fmt: skip
PAYMENTS_CREATED = Counter("payments_created_total", "Payments created, by type", ["type"])
PAYMENTS_FINISHED = Counter(
    "payments_finished_total", "Payments that reached a final status, by type and status",
    ["type", "status"],
)  # fmt: skip
WEBHOOK_ATTEMPTS = Counter(
    "webhook_delivery_attempts_total", "Webhook delivery attempts by outcome", ["outcome"]
)
# Labelled by provider ID: providers are onboarded by staff, so they stay few
# (docs/decisions/ledger-bulkhead.md).
LEDGER_DEFERRALS = Counter(
    "ledger_bulkhead_deferrals_total",
    "Ledger calls that found their provider's slots full and waited in line, by provider",
    ["provider"],
)
LEDGER_BACKOFFS = Counter(
    "ledger_bulkhead_backoffs_total",
    "Times a provider's ledger was found strained and its slots cut, by provider",
    ["provider"],
)
TASK_FAILURES = Counter(
    "celery_task_failures_total", "Celery tasks that raised, by task name", ["task"]
)


def observe_request(route: str, method: str, status: int, seconds: float) -> None:
    HTTP_REQUESTS.labels(route, method, str(status)).inc()
    HTTP_LATENCY.labels(route, method).observe(seconds)


def observe_ledger_attempt(endpoint: str, outcome: str, seconds: float) -> None:
    LEDGER_ATTEMPTS.labels(endpoint, outcome).inc()
    LEDGER_LATENCY.labels(endpoint).observe(seconds)


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
