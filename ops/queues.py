"""How deep each Celery queue is and how long its oldest message has waited, read from the
Redis broker at scrape time (so any web process answers for every worker).

Kombu's Redis transport keeps a queue as a list: it pushes on the left and workers pop from
the right, so the oldest message is the last element. Every message carries the time it was
published (ops/celery_signals.py). Messages a worker has already taken (reserved, or waiting
for a countdown) are not in the list: the gauges count work no worker has started.
"""

import json
import logging
import time
from dataclasses import dataclass

from config.celery import app as celery_app
from config.queues import QUEUES
from ops.celery_signals import PUBLISHED_HEADER

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class QueueDepth:
    queue: str
    depth: int
    oldest_age_seconds: float | None  # None: empty, or the oldest message carries no time


def _client():
    import redis

    return redis.Redis.from_url(
        celery_app.conf.broker_url, socket_timeout=2, socket_connect_timeout=2
    )


def _published_at(raw: bytes | None) -> float | None:
    if not raw:
        return None
    try:
        published = json.loads(raw).get("headers", {}).get(PUBLISHED_HEADER)
        return float(published) if published is not None else None
    except (ValueError, TypeError, AttributeError):
        return None


def depths() -> list[QueueDepth] | None:
    """Every queue's depth and oldest age; None when the broker is not Redis (the embedded
    default runs tasks in process) or cannot be read."""
    if celery_app.conf.task_always_eager or not str(celery_app.conf.broker_url).startswith(
        ("redis://", "rediss://")
    ):
        return None
    try:
        client = _client()
        with client.pipeline(transaction=False) as pipe:
            for queue in QUEUES:
                pipe.llen(queue)
                pipe.lindex(queue, -1)
            answers = pipe.execute()
    except Exception:
        logger.warning("could not read the queue depths from the broker", exc_info=True)
        return None
    now = time.time()
    found = []
    for index, queue in enumerate(QUEUES):
        depth, oldest = answers[2 * index], answers[2 * index + 1]
        published = _published_at(oldest) if depth else None
        age = max(0.0, now - published) if published is not None else None
        found.append(QueueDepth(queue, int(depth), age))
    return found
