"""Which queues have a worker, seen without asking the workers.

Each worker writes a heartbeat for every queue it consumes into the broker: a sorted set per
queue (`workers:<queue>`), the worker's node name scored by the time of its last beat. It
beats every WORKER_HEARTBEAT_SECONDS from its consumer's own timer, so a worker whose
consumer is stuck or cut off from the broker stops beating; on a clean shutdown it takes its
names out at once. A reader (/readyz, /metrics, the operations page) reads every queue's set
in one round trip: a queue's consumers are the names that beat within three intervals.
Celery's remote control (`celery inspect`) would ask every worker and wait for replies on
each probe; this costs one pipelined read.
"""

import logging
import time
from dataclasses import dataclass
from functools import cache

from celery import bootsteps
from django.conf import settings

from config.queues import QUEUES

logger = logging.getLogger(__name__)

KEY = "workers:{}"
MISSED_BEATS = 3  # a worker silent this many intervals no longer counts
FORGET_AFTER = 3600  # names older than this (a worker killed outright) are dropped


@cache
def client(url: str):
    """A Redis client for short reads and writes beside Celery's: one per process and URL
    (its pool reconnects after a restart, and after a fork), one attempt per command."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    return redis.Redis.from_url(
        url, socket_timeout=1, socket_connect_timeout=1, retry=Retry(NoBackoff(), 0)
    )


def _broker_url() -> str:
    from config.celery import app

    return str(app.conf.broker_url)


def alive_after(now: float) -> float:
    return now - MISSED_BEATS * settings.WORKER_HEARTBEAT_SECONDS


class Heartbeat(bootsteps.StartStopStep):
    """A consumer step (added in config/celery.py): starts with the worker's consumer, once
    its task queues are known, and stops with it (a lost broker connection included)."""

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent, **kwargs):
        self.timer = None
        self.client = None
        self.queues = []
        super().__init__(parent, **kwargs)

    def start(self, parent):
        self.queues = [queue.name for queue in parent.task_consumer.queues]
        self.node = parent.hostname
        self.client = self.client or client(_broker_url())
        self.beat()
        self.timer = parent.timer.call_repeatedly(settings.WORKER_HEARTBEAT_SECONDS, self.beat)

    def beat(self):
        now = time.time()
        try:
            with self.client.pipeline(transaction=False) as pipe:
                for queue in self.queues:
                    pipe.zadd(KEY.format(queue), {self.node: now})
                    pipe.zremrangebyscore(KEY.format(queue), "-inf", now - FORGET_AFTER)
                pipe.execute()
        except Exception as exc:  # the broker is away: the consumer reconnects, then beats
            logger.warning("worker heartbeat not written (%s)", exc)

    def stop(self, parent):
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def shutdown(self, parent):
        self.stop(parent)
        if self.client is None:
            return
        try:
            with self.client.pipeline(transaction=False) as pipe:
                for queue in self.queues:
                    pipe.zrem(KEY.format(queue), self.node)
                pipe.execute()
        except Exception as exc:
            logger.warning("worker heartbeat not removed (%s)", exc)


@dataclass(frozen=True)
class QueueWorkers:
    queue: str
    consumers: int  # workers that beat within MISSED_BEATS intervals
    last_beat_age_seconds: float | None  # the newest beat of any worker; None: never seen


def read(url: str | None = None) -> list[QueueWorkers] | None:
    """Every queue's live workers; None without a Redis broker or when it does not answer."""
    url = url or _broker_url()
    if not url.startswith(("redis://", "rediss://")):
        return None
    try:
        with client(url).pipeline(transaction=False) as pipe:
            for queue in QUEUES:
                pipe.zrevrange(KEY.format(queue), 0, -1, withscores=True)
            answers = pipe.execute()
    except Exception:
        logger.warning("could not read the worker heartbeats from the broker", exc_info=True)
        return None
    now = time.time()
    cutoff = alive_after(now)
    found = []
    for queue, beats in zip(QUEUES, answers, strict=True):
        newest = beats[0][1] if beats else None
        found.append(
            QueueWorkers(
                queue,
                sum(score >= cutoff for _, score in beats),
                None if newest is None else max(0.0, now - newest),
            )
        )
    return found
