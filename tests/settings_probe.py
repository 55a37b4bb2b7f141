"""The settings as a fresh process sees them under a given environment: `config.settings`
is read once per process, so a test of what an environment variable does runs Django in a
child process and reads back what `show` prints."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Whatever the test run itself was given of these is not the child's.
DATABASE_ENV = (
    "DATABASE_URL",
    "DATABASE_REPLICA_URL",
    "DATABASE_PREPARED_STATEMENTS",
    "DATABASE_DISABLE_SERVER_SIDE_CURSORS",
    "DATABASE_SESSION_SETTINGS",
    "REDIS_URL",
    "DJANGO_SETTINGS_MODULE",
)


def run_settings(show: str, **env) -> subprocess.CompletedProcess:
    """`show` (Python run after `django.setup()`) in a child with DEBUG on and `env`."""
    base = {k: v for k, v in os.environ.items() if k not in DATABASE_ENV}
    return subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {show}"],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
