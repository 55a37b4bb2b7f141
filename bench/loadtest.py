"""The pieces of the HTTP benchmark (`manage.py bench_http`): a gunicorn server of any
checkout, with a bare-Django floor view mounted beside the API for the benchmark only, and
wrk runs parsed into numbers.

The read floor does the same participant lookup as GET participant (one indexed read of the
enrollment with its participant) and nothing else: no authentication, no version or scope
checks, no rendering beyond two fields. The write floor parses a JSON body and inserts it as
one row (`WRITE_FLOOR_TABLE`) in its own transaction. The gap between a floor and an endpoint
is what the service adds to the database's own cost.

A third view, for the benchmark only, creates a payout through the service
(`payments.services.create_payout`, the path the staff command and the demo take): there is
no public endpoint for it, and its cost is measured like the API's writes.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

FLOOR_SETTINGS = "bench_floor_settings"
WRITE_FLOOR_TABLE = "bench_write_floor"
WRITE_FLOOR_DDL = (
    f"CREATE TABLE IF NOT EXISTS {WRITE_FLOOR_TABLE} "
    "(id bigserial PRIMARY KEY, body jsonb NOT NULL, created_on timestamptz NOT NULL)"
)
# The floor views' modules: imported by their own names from this folder, which `served`
# puts first on the served checkout's path.
FLOOR_DIR = Path(__file__).resolve().parent / "floor"


def ensure_wrk() -> str:
    """wrk from Debian's package, installed here when missing and allowed."""
    found = shutil.which("wrk")
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=False)
        found = shutil.which("wrk")
    if not found:
        raise RuntimeError("wrk is needed: apt-get install -y wrk")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Served(str):
    """The base URL of a served checkout, with what its CPU time is read from: the gunicorn
    master's pid and the database its workers' PostgreSQL backends serve."""

    def __new__(cls, base: str, pid: int, database: str):
        served = super().__new__(cls, base)
        served.pid, served.database = pid, database
        return served


def cpu_seconds(server: Served) -> dict[int, float]:
    """CPU time so far of each of the server's gunicorn workers and of each PostgreSQL backend
    on its database (the benchmark's own connection idles while wrk runs), by pid, read from
    /proc. On a shared machine req/s drifts with the neighbours; CPU per request drifts much
    less."""
    pids = [*backends(server.database), *children(server.pid)]
    return {pid: process_cpu(pid) for pid in pids}


def backends(database: str) -> list[int]:
    """The PostgreSQL backends serving clients on `database`, but this process's own
    connection. Autovacuum's workers are left out: they come and go with the tables' upkeep,
    not with the requests measured, and one landing in a reading swamped it."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid() "
            "AND backend_type = 'client backend'",
            [database],
        )
        return [row[0] for row in cursor.fetchall()]


def cpu_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU spent between two readings: a process started in between (a worker gunicorn
    recycled after `max_requests`, its new backend) counts whole; one that ended in between
    is lost, so a recycled worker's last seconds are not counted."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def process_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0  # gone (a backend that closed)
    # utime and stime: fields 14 and 15 of stat, 12 and 13 after the command's ")".
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextmanager
def served(checkout: Path, env: dict, *, workers: int, threads: int):
    """gunicorn serving `checkout` with its production settings plus the floor view; yields
    the base URL. Its output goes to a log file in a temporary folder."""
    shim = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    port = free_port()
    full_env = {
        **os.environ,
        **env,
        "PYTHONPATH": os.pathsep.join([str(FLOOR_DIR), str(checkout)]),
        "DJANGO_SETTINGS_MODULE": FLOOR_SETTINGS,
        "DEBUG": "0",
        # Plain http on loopback: the production redirect to https would answer every request.
        "SECURE_SSL_REDIRECT": "0",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_THREADS": str(threads),
        # No recycling while measured: a worker that exits takes its CPU time with it (the
        # readings come from /proc), and at 1,000 requests a second the production setting
        # recycles each worker every few seconds.
        "GUNICORN_MAX_REQUESTS": "0",
        "PROMETHEUS_MULTIPROC_DIR": str(shim / "metrics"),
    }
    (shim / "metrics").mkdir()
    log = open(shim / "gunicorn.log", "w")  # noqa: SIM115 (closed below)
    config = checkout / "gunicorn.conf.py"
    command = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}"]
    command += ["--workers", str(workers), "--threads", str(threads), "--log-level", "warning"]
    if config.exists():
        command += ["-c", str(config)]
    process = subprocess.Popen(
        [*command, "config.wsgi"], cwd=checkout, env=full_env, stdout=log, stderr=log
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(base, process)
        yield Served(base, process.pid, env["DATABASE_URL"].rsplit("/", 1)[-1])
    finally:
        stop(process)
        log.close()
        shutil.rmtree(shim, ignore_errors=True)


def stop(process: subprocess.Popen) -> None:
    """TERM, then KILL if it has not exited within 30 s."""
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()


def _wait_for(base: str, process, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("gunicorn exited while starting")
        try:
            urllib.request.urlopen(f"{base}/api/schema/", timeout=5).close()
            return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"gunicorn did not answer at {base}")


@dataclass(frozen=True)
class Result:
    name: str
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    non_2xx: int
    cpu_ms: float | None = None  # per request: gunicorn workers + PostgreSQL backends


_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * _UNITS[unit]


def run_wrk(name: str, url: str, *, script: Path, connections: int, seconds: int,
            env: dict | None = None, server: Served | None = None) -> Result:  # fmt: skip
    """One wrk run (2 threads, `connections` connections, latency distribution); with
    `server`, the CPU time it cost per request too."""
    wrk = ensure_wrk()
    command = [wrk, "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", str(script)]
    cpu_before = cpu_seconds(server) if server is not None else {}
    out = subprocess.run(
        [*command, url], capture_output=True, text=True, env={**os.environ, **(env or {})}
    ).stdout
    cpu = cpu_spent(cpu_before, cpu_seconds(server)) if server is not None else None
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = _ms(re.search(r"^\s+50%\s+(\S+)", out, re.MULTILINE).group(1))
    p99 = _ms(re.search(r"^\s+99%\s+(\S+)", out, re.MULTILINE).group(1))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    cpu_ms = round(cpu / total * 1000, 3) if cpu is not None and total else None
    return Result(name, rps, p50, p99, total, int(bad.group(1)) if bad else 0, cpu_ms)
