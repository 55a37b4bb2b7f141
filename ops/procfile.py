"""The Procfile (every process type of a production host) and the systemd units rendered from
it, so the two can never say different things (tests/ops/test_procfile.py compares them)."""

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROCFILE = ROOT / "Procfile"
UNIT_DIR = ROOT / "deploy" / "systemd"
UNIT_PREFIX = "provider-service-"
# Where a production host keeps the checkout and its virtualenv.
INSTALL_DIR = "/srv/provider-service"

# honcho's own reading of a line (comments and blank lines match nothing).
_LINE = re.compile(r"^([A-Za-z0-9_-]+):\s*(.+)$")

HEADER = """\
# Rendered from the Procfile's `{name}` line by `python manage.py render_systemd_units`:
# change the Procfile (or ops/procfile.py) and render again; never edit this file by hand.
"""

UNIT = """\
[Unit]
Description={description}
After=network-online.target
Wants=network-online.target
{wants}
[Service]
Type={type}
User=provider-service
WorkingDirectory={install_dir}
EnvironmentFile=/etc/provider-service/env
{environment}ExecStart={exec_start}
{stop}Restart=always
RestartSec=2

[Install]
WantedBy=multi-user.target
"""

METRICS = """\
# Web and workers on a host share one metrics directory (emptied at boot: /run is a tmpfs).
Environment=PROMETHEUS_MULTIPROC_DIR=/run/provider-service/metrics
RuntimeDirectory=provider-service/metrics
RuntimeDirectoryPreserve=yes
"""

WEB_COMMENT = """\
# The web processes. Environment (DATABASE_URL, REDIS_URL, SECRET_KEY, …) in the EnvironmentFile.
# gunicorn listens on loopback behind the host's nginx (nginx.service, the site rendered by
# `manage.py render_nginx_conf` from deploy/nginx/): never expose it directly.
"""
# The proxy in front of it starts with it (it answers 502 problem documents while gunicorn
# restarts).
WEB_WANTS = "Wants=nginx.service\n"
WEB_STOP = """\
ExecReload=/bin/kill -HUP $MAINPID
KillMode=mixed
TimeoutStopSec=40
"""

WORKER_COMMENT = """\
# A Celery worker for one queue. It reconnects to the broker by itself (settings: retry for
# ever, socket keepalive and health checks); if it ever exits instead (a rare race in the Redis
# transport when the connection drops during an acknowledgement), systemd starts it again
# within seconds, and the beat sweepers hand over anything it left pending.
"""
WORKER_STOP = """\
# Warm shutdown: let running tasks finish (acks_late redelivers what does not).
KillSignal=SIGTERM
TimeoutStopSec=60
"""

BEAT_COMMENT = """\
# Celery beat: it schedules the sweepers and expiries. Run it on every host if you like: only
# the beat holding the lock in Redis sends (redbeat); the others take over if it stops.
"""
BEAT_STOP = """\
# SIGTERM: the beat releases its lock on the way out, so another takes over at once.
KillSignal=SIGTERM
"""


@dataclass(frozen=True)
class Process:
    name: str
    command: str

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.command)

    @property
    def kind(self) -> str:
        """web, worker or beat: what the command runs (each has its unit's stop rules)."""
        argv = self.argv
        if argv[0] == "gunicorn":
            return "web"
        if argv[0] == "celery" and "worker" in argv:
            return "worker"
        if argv[0] == "celery" and "beat" in argv:
            return "beat"
        raise ValueError(f"Procfile process {self.name!r}: no unit kind for {self.command!r}")

    def option(self, *flags: str) -> str | None:
        argv = self.argv
        for index, word in enumerate(argv[:-1]):
            if word in flags:
                return argv[index + 1]
        return None

    @property
    def unit_name(self) -> str:
        return f"{UNIT_PREFIX}{self.name}.service"


def parse(text: str) -> list[Process]:
    processes = []
    for line in text.splitlines():
        match = _LINE.match(line)
        if match:
            processes.append(Process(match.group(1), match.group(2).strip()))
    names = [process.name for process in processes]
    if len(set(names)) != len(names):
        raise ValueError("Procfile process names must be unique")
    return processes


def read() -> list[Process]:
    return parse(PROCFILE.read_text())


def _exec_start(process: Process) -> str:
    program, _, rest = process.command.partition(" ")
    if not program.startswith("/"):
        program = f"{INSTALL_DIR}/.venv/bin/{program}"
    # systemd expands %-specifiers and $VARIABLES in ExecStart; the Procfile's shell does not
    # (celery expands `%h` in a node name itself), so both are passed through escaped.
    line = f"{program} {rest}".strip()
    return line.replace("%", "%%").replace("$", "$$")


def render_unit(process: Process) -> str:
    kind = process.kind
    wants = ""
    if kind == "web":
        comment, description, unit_type = WEB_COMMENT, "Provider service web (gunicorn)", "notify"
        environment, stop, wants = METRICS, WEB_STOP, WEB_WANTS
    elif kind == "worker":
        queues = process.option("-Q", "--queues") or "every queue"
        comment, unit_type, environment, stop = WORKER_COMMENT, "simple", METRICS, WORKER_STOP
        description = f"Provider service Celery worker ({queues})"
    else:
        comment, description, unit_type = BEAT_COMMENT, "Provider service Celery beat", "simple"
        environment, stop = "", BEAT_STOP
    return (
        HEADER.format(name=process.name)
        + comment
        + UNIT.format(
            description=description,
            wants=wants,
            type=unit_type,
            install_dir=INSTALL_DIR,
            environment=environment,
            exec_start=_exec_start(process),
            stop=stop,
        )
    )


def render_all(processes: list[Process]) -> dict[str, str]:
    """Unit file name -> contents, one unit per Procfile process."""
    return {process.unit_name: render_unit(process) for process in processes}


def committed_units(directory: Path | None = None) -> dict[str, str]:
    directory = directory or UNIT_DIR
    return {
        path.name: path.read_text() for path in sorted(directory.glob(f"{UNIT_PREFIX}*.service"))
    }
