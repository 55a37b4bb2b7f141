"""The README's staff commands work in a new terminal after `make run`: the environment they
need comes from the file `make run` writes (var/demo.env), not from exports; with --json a
failure is one problem document and a non-zero exit; messages name what is wrong."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# What a new terminal has: none of the service's variables.
SERVICE_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "REDIS_URL",
    "SANDBOX_LEDGER_ENABLED",
    "DJANGO_SETTINGS_MODULE",  # the test run's is tests.settings, which fills in defaults
)


@pytest.fixture
def terminal(tmp_path):
    """Runs manage.py as a new terminal would, with a demo env file like `make run` writes
    (its own SQLite file instead of var/db.sqlite3)."""
    env_file = tmp_path / "demo.env"
    env_file.write_text(
        "DEBUG=1\nSANDBOX_LEDGER_ENABLED=1\nSERVICE_BASE_URL=http://127.0.0.1:8311\n"
        f"DATABASE_URL=sqlite:///{tmp_path / 'demo.sqlite3'}\n"
    )
    base = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}

    def run(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**base, "DEMO_ENV_FILE": str(env_file)},
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert run("migrate", "--no-input", "-v", "0").returncode == 0
    return run


def test_the_readme_commands_run_from_a_new_terminal(terminal):
    created = terminal("create_provider", "--name", "Acme", "--json")
    assert created.returncode == 0, created.stderr
    provider = json.loads(created.stdout)["providerID"]
    faults = terminal("sandbox_faults", "--provider", provider, "--rate-503", "0.3", "--json")
    assert faults.returncode == 0, faults.stderr  # the sandbox is on: the file said so
    limits = terminal("show_limits", "--provider", provider, "--json")
    assert limits.returncode == 0 and "defaults" in json.loads(limits.stdout)


def test_a_failure_with_json_is_one_problem_document_naming_what_is_wrong(terminal):
    result = terminal(
        "create_payout", "--provider", "prv_nope", "--sender", "demo-alice",
        "--recipient-phone", "+14155550102", "--amount", "12.34", "--json",
    )  # fmt: skip
    assert result.returncode != 0
    problem = json.loads(result.stdout)
    assert problem["status"] == 400 and problem["type"] == "about:blank"
    assert "Provider 'prv_nope' does not exist (--provider)" in problem["detail"]
    assert result.stderr == ""


def test_a_domain_failure_keeps_its_problem_type(terminal):
    provider = json.loads(terminal("create_provider", "--name", "Acme", "--json").stdout)[
        "providerID"
    ]
    result = terminal(
        "create_payout", "--provider", provider, "--sender", "nobody",
        "--recipient-phone", "+14155550102", "--amount", "1.00", "--json",
    )  # fmt: skip
    assert result.returncode != 0
    problem = json.loads(result.stdout)
    assert problem["status"] == 404 and "No participant matches" in problem["detail"]
