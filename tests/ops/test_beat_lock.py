"""Beat may run on every host: two `celery beat` processes on one Redis send each periodic job
once per interval (redbeat's lock), and when the one holding the lock is killed the other takes
over. Real processes on a redis-server of the test's own; the schedule is the production one
with its intervals shortened (tests/ops/beat_settings.py), and every message the beats publish
is taken off the broker's queues and timed as it arrives.

Why about a minute with both running suffices: with intervals of 4 to 15 s that is 4 to 15
intervals of every job, and two beats sending independently would put two sends of a job at
most half an interval apart (their phases differ by d and interval - d, one of which is at
most half), which the gap check catches in the first two intervals; the counts bound it too.
The control at the start shows this measure catches two beats without the lock.
"""

import itertools
import json
import os
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest
import redis

from tests.ops.beat_settings import CELERY_BEAT_SCHEDULE as SCHEDULE
from tests.reviews.broker import (
    ROOT,
    ChildProcess,
    last_json_line,
    run_python,
    wait_until,
)

LOCK_TIMEOUT = 15  # BEAT_LOCK_TIMEOUT_SECONDS for these beats (the least settings accept)
MAX_LOOP_INTERVAL = 5  # CELERY_BEAT_MAX_LOOP_INTERVAL
BOTH_RUNNING = 60  # seconds with two beats up
AFTER_TAKEOVER = 20  # seconds observed once the survivor sends
INTERVALS = {entry["task"]: entry["schedule"] for entry in SCHEDULE.values()}


class Beat(ChildProcess):
    """`celery -A config beat` in its own process, its log in a file."""

    def __init__(self, broker_url: str, directory: Path, name: str, *extra: str):
        self.log = directory / f"{name}.log"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.ops.beat_settings",
            "REDIS_URL": broker_url,
            "BEAT_LOCK_TIMEOUT_SECONDS": str(LOCK_TIMEOUT),
            "CELERY_TASK_ALWAYS_EAGER": "0",
        }
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "beat",
                    "--loglevel",
                    "INFO",
                    *extra,
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def said(self, text: str) -> bool:
        return text in self.log.read_text(errors="replace")


class Sends:
    """Every task message the beats publish, taken off the broker as it arrives."""

    def __init__(self, url: str):
        self.client = redis.Redis.from_url(url)
        self.times = defaultdict(list)  # task name -> monotonic arrival times

    def drain(self) -> None:
        for key in self.client.scan_iter():
            if self.client.type(key) != b"list":
                continue
            while (raw := self.client.lpop(key)) is not None:
                self.times[json.loads(raw)["headers"]["task"]].append(time.monotonic())

    def watch(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.drain()
            time.sleep(0.2)

    def first_after(self, moment: float) -> float | None:
        later = [at for times in self.times.values() for at in times if at > moment]
        return min(later) if later else None

    def doubles(self, since: float, until: float) -> list[str]:
        """Each job sent twice within an interval: any two sends closer than 0.6 of it, or more
        sends than the window holds intervals (plus the one at its start)."""
        found = []
        for task, interval in INTERVALS.items():
            times = [at for at in self.times.get(task, []) if since <= at <= until]
            gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
            if gaps and min(gaps) < 0.6 * interval:
                found.append(f"{task}: {min(gaps):.1f} s between two sends (every {interval} s)")
            if len(times) > (until - since) / interval + 1:
                found.append(f"{task}: {len(times)} sends in {until - since:.0f} s")
        return found


@pytest.mark.redis
def test_two_beats_without_the_lock_would_send_every_job_twice(own_broker, tmp_path):
    """The control: the same measure sees two beats of celery's own scheduler double up."""
    sends = Sends(own_broker.url)
    beats = [
        Beat(
            own_broker.url,
            tmp_path,
            name,
            "-S",
            "celery.beat:PersistentScheduler",
            "-s",
            str(tmp_path / f"{name}-schedule"),
        )
        for name in ("one", "two")
    ]
    try:
        wait_until(lambda: all(beat.said("beat: Starting...") for beat in beats), 60, "beats")
        started = time.monotonic()
        sends.watch(10)
        doubles = sends.doubles(started, time.monotonic())
        print("\nwithout the lock:", *doubles, sep="\n")
        assert doubles
    finally:
        for beat in beats:
            beat.stop()


@pytest.mark.redis
def test_two_beats_send_each_job_once_per_interval_and_one_takes_over(own_broker, tmp_path):
    sends = Sends(own_broker.url)
    beats = [Beat(own_broker.url, tmp_path, name) for name in ("one", "two")]
    try:
        wait_until(lambda: all(beat.said("beat: Starting...") for beat in beats), 60, "beats")
        started = time.monotonic()
        sends.watch(BOTH_RUNNING)
        holders = [beat for beat in beats if beat.said("beat: Acquired lock")]
        assert len(holders) == 1, "exactly one beat holds the lock"
        holder, standby = holders[0], next(beat for beat in beats if beat is not holders[0])
        assert standby.process.poll() is None  # waiting for the lock, not failed
        # Every job was sent, and none twice in an interval.
        for task, interval in INTERVALS.items():
            assert len(sends.times[task]) >= BOTH_RUNNING / interval / 2, task
        assert sends.doubles(started, time.monotonic()) == []

        holder.kill()  # no shutdown: the lock is left to expire
        sends.drain()  # what it published before it died
        killed = time.monotonic()
        resumed = None

        def survivor_sends():
            nonlocal resumed
            sends.drain()
            resumed = sends.first_after(killed)
            return resumed is not None

        wait_until(survivor_sends, LOCK_TIMEOUT + MAX_LOOP_INTERVAL + 15, "the other beat")
        assert standby.said("beat: Acquired lock")
        # The lock expires at most LOCK_TIMEOUT after the holder last renewed it, and the
        # standby tries for it every MAX_LOOP_INTERVAL.
        assert resumed - killed <= LOCK_TIMEOUT + MAX_LOOP_INTERVAL + 2
        sends.watch(AFTER_TAKEOVER)
        # The survivor sends what came due while nobody held the lock once, then keeps time.
        assert sends.doubles(started, time.monotonic()) == []
        for task, interval in INTERVALS.items():
            if interval <= AFTER_TAKEOVER / 2:
                assert any(at >= resumed - 1 for at in sends.times[task]), task
        print(f"\ntakeover after SIGKILL: {resumed - killed:.1f} s")
        for task, interval in sorted(INTERVALS.items(), key=lambda item: item[1]):
            print(f"{task} every {interval} s: {len(sends.times[task])} sends")
    finally:
        for beat in beats:
            beat.stop()


def test_settings_refuse_a_lock_shorter_than_three_wakeups():
    environment = {**os.environ, "REDIS_URL": "redis://127.0.0.1:1/0"}
    environment["BEAT_LOCK_TIMEOUT_SECONDS"] = str(3 * MAX_LOOP_INTERVAL - 1)
    run = run_python("import tests.ops.beat_settings", environment)
    assert run.returncode != 0 and "BEAT_LOCK_TIMEOUT_SECONDS" in run.stderr


PROBE = """
import json, django
django.setup()
from celery.utils.imports import symbol_by_name
from config.celery import app
from redbeat import RedBeatScheduler
from redbeat.schedulers import get_redis
options = {}
if issubclass(symbol_by_name(app.conf.beat_scheduler), RedBeatScheduler):
    options = get_redis(app).connection_pool.connection_kwargs
print(json.dumps({"scheduler": app.conf.beat_scheduler, "socket_timeout": options.get(
    "socket_timeout"), "socket_keepalive": options.get("socket_keepalive"), "port": options.get(
    "port")}))
"""


@pytest.mark.parametrize("redis_url", ["redis://127.0.0.1:1/0", None])
def test_beat_uses_redbeat_with_the_broker_settings_only_when_redis_is_configured(redis_url):
    environment = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    environment["DJANGO_SETTINGS_MODULE"] = "tests.settings"
    if redis_url:
        environment["REDIS_URL"] = redis_url
    run = run_python(PROBE, environment, check=True)
    probed = last_json_line(run)
    if redis_url:
        # The CELERY_REDBEAT_* settings reach redbeat as given (no fallback, no warning).
        assert probed == {
            "scheduler": "common.beat:Scheduler",
            "socket_timeout": 10,
            "socket_keepalive": True,
            "port": 1,
        }
        assert "RedBeat will stop falling back" not in run.stderr
    else:
        assert probed["scheduler"] == "celery.beat:PersistentScheduler"
