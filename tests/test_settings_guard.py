"""Outside DEBUG the service refuses to start without a SECRET_KEY, and says so."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _manage(*args, **env):
    # The test run's own settings module (tests.settings) supplies a SECRET_KEY: not here.
    unset = ("SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE")
    base = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_command_without_secret_key_names_the_missing_setting():
    result = _manage("check", DEBUG="0")
    assert result.returncode == 1
    assert result.stderr.strip() == "Configuration error: SECRET_KEY is required when DEBUG is off"


def test_debug_runs_without_secret_key():
    result = _manage("check", DEBUG="1")
    assert result.returncode == 0, result.stderr
