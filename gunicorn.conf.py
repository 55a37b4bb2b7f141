"""gunicorn settings for production: `gunicorn -c gunicorn.conf.py config.wsgi`.

Every value can be overridden from the environment (names below). Workers are processes
(sync), each with a few threads; the database pool is sized from the same numbers."""

import multiprocessing
import os
from pathlib import Path

# Loopback: nginx in front (deploy/nginx/) is the only client. A slow client talking to
# gunicorn itself holds one of its threads for as long as it likes.
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Processes: twice the cores plus one is gunicorn's own advice; threads overlap I/O waits
# (database, Redis) within a process.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("GUNICORN_THREADS", 4))
worker_class = "gthread" if threads > 1 else "sync"
# A request slower than this is killed (no API call should come near it).
timeout = int(os.environ.get("GUNICORN_TIMEOUT", 30))
# On SIGTERM, finish what is in flight for up to this long (a rolling deploy's drain time).
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", 30))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", 5))
# Recycle workers now and then (any slow leak stays bounded); jitter avoids a herd.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", 10_000))
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", 1_000))
# Request line and header limits: gunicorn answers above these itself, in plain HTML, so they
# sit above the service's own (REQUEST_MAX_QUERY_BYTES, REQUEST_MAX_HEADER_BYTES), which
# answer problem documents: a header line may be as long as all headers may be together.
# The request line stays at gunicorn's maximum (8190 bytes, twice the query limit).
limit_request_line = int(os.environ.get("GUNICORN_LIMIT_REQUEST_LINE", 8190))
limit_request_fields = int(os.environ.get("GUNICORN_LIMIT_REQUEST_FIELDS", 100))
limit_request_field_size = int(
    os.environ.get(
        "GUNICORN_LIMIT_REQUEST_FIELD_SIZE",
        int(os.environ.get("REQUEST_MAX_HEADER_BYTES", 16 * 1024)) + 1024,
    )
)
# The service writes its own access line per request (with the request ID, in LOG_FORMAT);
# gunicorn's would repeat it.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
# Behind nginx on this host: trust its X-Forwarded-* (set FORWARDED_ALLOW_IPS to its address
# if it runs elsewhere).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")

# Prometheus multiprocess mode: every process (web workers, and the Celery workers given the
# same PROMETHEUS_MULTIPROC_DIR on this host) writes its samples to files in this directory,
# and /metrics, served by any web worker, adds them up. Put it on a tmpfs (/run) so a reboot
# empties it; files of processes that exited keep their counts, so counters never go back.
_metrics_dir = os.environ.setdefault(
    "PROMETHEUS_MULTIPROC_DIR", str(Path(__file__).resolve().parent / "var" / "prometheus")
)


def on_starting(server):
    os.makedirs(_metrics_dir, exist_ok=True)


def child_exit(server, worker):
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
