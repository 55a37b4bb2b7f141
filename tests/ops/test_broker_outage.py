"""No work lost, and none left waiting long, when the broker loses its data: the Procfile's
workers and beat, as written, on a redis-server of the test's own (plain, and TLS with a
certificate the test made), which is stopped and started empty three times while payouts and
review opens are created. With the default settings every payout is authorized by the
sandbox ledger and every review command applied within a few minutes of the last restart, no
worker or beat exits, and Celery's remote control answers four `celery inspect ping` run at
once, each with every worker.

About two minutes a scheme: the sweepers pick up what a restart lost after their default
threshold (60 s) at their next run (every 30 s)."""

import json
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from ops import procfile
from payments.models import Payout, PayoutStatus
from reviews.models import ReviewCommand
from tests.participants.factories import create_participant
from tests.payments.factories import enroll, new_payout
from tests.reviews.broker import (
    ROOT,
    ProcfileProcess,
    RedisServer,
    celery_publishing_to,
    wait_until,
    worker_env,
)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
]

RESTARTS = 3
OUTAGE_SECONDS = 3
PER_STEP = 1  # payouts and review opens created at each step: up, down, just back
RECOVERY_SECONDS = 150  # 60 s threshold + 30 s sweep interval + the work, with room


def _processes():
    return [p for p in procfile.read() if p.kind in ("worker", "beat")]


def _open_review(ctx, participant_id: str, key: str) -> None:
    response = ctx.client.post(
        ctx.url("/participant-reviews"),
        {"participantID": participant_id, "reason": "Broker outage test"},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )
    assert response.status_code == 202, response.content


class Work:
    """What the test created, and how much of it is done."""

    def __init__(self, provider, senders, participants):
        self.provider, self.senders, self.participants = provider, senders, participants
        self.payouts: list[str] = []
        self.reviews = 0

    def create(self, step: str) -> None:
        for _ in range(PER_STEP):
            sender = self.senders[len(self.payouts)]
            self.payouts.append(new_payout(self.provider, sender, amount_minor=1200).id)
            participant = self.participants[self.reviews]
            self.reviews += 1
            _open_review(self.provider, participant, f"outage-{step}-{self.reviews}")

    def initiated(self) -> int:
        return Payout.objects.filter(pk__in=self.payouts, status=PayoutStatus.INITIATED).count()

    def pending_commands(self) -> int:
        return ReviewCommand.objects.exclude(status="applied").count()

    def done(self) -> bool:
        return self.initiated() == 0 and self.pending_commands() == 0


def _ping_at_once(url: str, count: int) -> list[set[str]]:
    """`celery inspect ping` from `count` processes started together: the workers answering
    each."""
    env = {**worker_env(url), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "celery", "-A", "config", "inspect", "ping"]
    command += ["--timeout", "3", "--json"]

    def ping(_):
        run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
        return set(json.loads(lines[-1])) if lines else set()

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(ping, range(count)))


class Supervisor:
    """The Procfile's worker and beat processes, supervised as their systemd units say for
    the workers (Restart=always, RestartSec=2), the restarts counted: none is expected since a
    drop while a task runs or is acknowledged no longer ends a worker (common.broker_connection;
    tests/ops/test_worker_ack_drop.py runs a worker unsupervised). The beat is not restarted:
    it must ride out the outages."""

    RESTART_SECONDS = 2

    def __init__(self, url: str, logs):
        self.url, self.logs = url, logs
        self.running = {p.name: self._start(p) for p in _processes()}
        self.exited_at: dict[str, float] = {}
        self.restarts: dict[str, int] = {}

    def _start(self, process):
        return ProcfileProcess(process, self.url, self.logs / f"{process.name}.log")

    def check(self) -> None:
        for process in _processes():
            if self.running[process.name].process.poll() is None or process.kind == "beat":
                continue
            exited = self.exited_at.setdefault(process.name, time.monotonic())
            if time.monotonic() - exited >= self.RESTART_SECONDS:
                self.running[process.name] = self._start(process)
                self.restarts[process.name] = self.restarts.get(process.name, 0) + 1
                del self.exited_at[process.name]

    def pause(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.check()
            time.sleep(0.2)

    def beat_exited(self) -> bool:
        return self.running["beat"].process.poll() is not None

    def stop(self) -> None:
        for process in self.running.values():
            process.terminate()
        for process in self.running.values():
            process.stop()


def _through_restarts(work: "Work", tls: bool, logs) -> dict:
    """One scheme: the Procfile's processes on a Redis of its own, three empty restarts with
    work created before, during and after each; then every item done, the beat still running
    and four pings answered. What it saw, for the failure message and the report."""
    scheme = "rediss" if tls else "redis"
    server = RedisServer(tls=tls)
    server.start()
    supervisor = None
    try:
        with celery_publishing_to(server.url):
            supervisor = Supervisor(server.url, logs)
            for restart in range(RESTARTS):
                work.create(f"{scheme}-{restart}-up")
                supervisor.pause(1)
                server.stop()
                work.create(f"{scheme}-{restart}-down")  # each publish fails: the sweepers' work
                supervisor.pause(OUTAGE_SECONDS)
                server.start()
                work.create(f"{scheme}-{restart}-back")
                supervisor.pause(2)
            back = time.monotonic()
            try:
                wait_until(
                    lambda: supervisor.check() or work.done(),
                    RECOVERY_SECONDS,
                    "every payout and review command",
                )
            except AssertionError:
                raise AssertionError(
                    f"{scheme}: {RECOVERY_SECONDS} s after the last restart {work.initiated()} "
                    f"of {len(work.payouts)} payouts still initiated, {work.pending_commands()} "
                    f"of {work.reviews} review commands not applied; beat exited: "
                    f"{supervisor.beat_exited()}; workers restarted: {supervisor.restarts}"
                ) from None
            seen = {"scheme": scheme, "recovered_in": time.monotonic() - back}
            seen["beat_exited"] = supervisor.beat_exited()
            seen["restarts"] = dict(supervisor.restarts)
            supervisor.pause(3)  # a worker restarted last has joined
            seen["pings"] = _ping_at_once(server.url, 4)
            return seen
    finally:
        if supervisor is not None:
            supervisor.stop()
        server.close()


def test_work_created_through_three_empty_restarts_all_completes(
    provider, sandbox_ledger, tmp_path
):
    per_scheme = PER_STEP * 3 * RESTARTS
    senders = [enroll(provider.provider) for _ in range(2 * per_scheme)]
    participants = [create_participant(provider)["participantID"] for _ in range(2 * per_scheme)]
    work = Work(provider, senders, participants)
    workers = {f"{p.name.removeprefix('worker-')}@" for p in _processes() if p.kind == "worker"}
    for tls in (False, True):
        seen = _through_restarts(work, tls, tmp_path)
        assert not seen["beat_exited"], seen
        for answered in seen["pings"]:
            assert {name.split("@")[0] + "@" for name in answered} == workers, seen["pings"]
        print(
            f"{seen['scheme']}: all done {seen['recovered_in']:.0f} s after the last restart; "
            f"workers restarted: {seen['restarts'] or 'none'}"
        )
