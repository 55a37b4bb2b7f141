"""The request context travels with the tasks a request enqueues: its ID rides in the task
message's headers and is bound while the task runs (log lines, ledger calls and webhooks the
task causes carry it). Each message carries when it was published (the queue gauges read the
oldest one's age). Task failures are counted. Workers and beat log through the service's own
LOGGING (its formats, its request ID, its rules on what a line may carry), not Celery's. A
worker's database connection lives as long as a web thread's (DATABASE_CONN_MAX_AGE)."""

import time

from celery import signals
from django.db import close_old_connections

from common import metrics, request_context

HEADER = "request_id"
PROVIDER_HEADER = "provider_id"
PUBLISHED_HEADER = "published_at"


@signals.before_task_publish.connect
def _carry(headers=None, **kwargs):
    if headers is None:
        return
    headers.setdefault(PUBLISHED_HEADER, time.time())
    caused_by = request_context.request_id()
    if caused_by and HEADER not in headers:
        headers[HEADER] = caused_by
        headers[PROVIDER_HEADER] = request_context.provider_id()


@signals.setup_logging.connect
def _service_logging(**kwargs):
    # A receiver here tells Celery not to install its own handlers and format.
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


@signals.task_prerun.connect
def _bind(task=None, **kwargs):
    if task is None:
        return
    caused_by = getattr(task.request, HEADER, None)
    if caused_by:
        task.request._request_context = request_context.bind(
            caused_by, getattr(task.request, PROVIDER_HEADER, "") or ""
        )


@signals.task_postrun.connect
def _unbind(task=None, **kwargs):
    tokens = getattr(task.request, "_request_context", None) if task is not None else None
    if tokens is not None:
        request_context.reset(tokens)
        task.request._request_context = None


@signals.task_prerun.connect
@signals.task_postrun.connect
def _recycle_connections(task=None, **kwargs):
    """Around each task, what Django does around each request: a connection past its
    DATABASE_CONN_MAX_AGE, broken, or left with autocommit off is closed (a new one opens on
    first use); a healthy one is kept, with its prepared statements. Not for a task run eagerly:
    it runs inside its caller's transaction."""
    if task is not None and not getattr(task.request, "is_eager", False):
        close_old_connections()


@signals.task_failure.connect
def _count_failure(sender=None, **kwargs):
    metrics.TASK_FAILURES.labels(getattr(sender, "name", "unknown")).inc()
