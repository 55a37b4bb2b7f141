"""The metric primitives every app updates where things happen: Prometheus counters and
histograms in prometheus-client's default registry (one file per process in multiprocess
mode). They live at the bottom so the apps that count need not import `ops`, which renders
them at /metrics (ops.metrics.exposition) beside the gauges it reads at scrape time."""

from prometheus_client import Counter, Histogram

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
