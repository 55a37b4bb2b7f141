"""`make up-prod` runs each Procfile line through deploy/dev/respawn: a process that exits is
started again after 2 s instead of honcho stopping every process, and Ctrl-C (honcho's SIGTERM
to each process group) still stops them all, none started again."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.reviews.broker import ROOT, wait_until

RESPAWN = ROOT / "deploy" / "dev" / "respawn"
HONCHO = Path(sys.executable).parent / "honcho"


def _runs(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_process_that_exits_is_started_again_until_its_group_is_terminated(tmp_path):
    runs = tmp_path / "runs"
    process = subprocess.Popen(
        [RESPAWN, "sh", "-c", f"echo run >> {runs}; exit 3"],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        wait_until(lambda: _runs(runs) >= 2, 10, "the command to be started again")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
    process.wait(10)
    after = _runs(runs)
    time.sleep(2.5)
    assert _runs(runs) == after, "started again after it was told to stop"
    assert "exited with status 3; starting it again in 2 s" in process.stderr.read()


def test_under_honcho_one_process_exiting_stops_none_of_the_others(tmp_path):
    runs, pidfile = tmp_path / "runs", tmp_path / "steady.pid"
    procfile = tmp_path / "Procfile"
    procfile.write_text(
        f"crashing: {RESPAWN} sh -c 'echo run >> {runs}; sleep 0.3; exit 1'\n"
        f"steady: {RESPAWN} sh -c 'echo $$ > {pidfile}; exec sleep 60'\n"
    )
    honcho = subprocess.Popen(
        [HONCHO, "start", "-f", procfile, "-d", tmp_path],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until(lambda: _runs(runs) >= 3, 15, "the crashing process to be started again")
        assert honcho.poll() is None, "honcho stopped when one process exited"
        steady = int(pidfile.read_text())
        assert _alive(steady)
        honcho.send_signal(signal.SIGINT)  # Ctrl-C
        honcho.wait(15)
        wait_until(lambda: not _alive(steady), 10, "the steady process to stop with honcho")
    finally:
        if honcho.poll() is None:
            honcho.kill()
            honcho.wait(10)
