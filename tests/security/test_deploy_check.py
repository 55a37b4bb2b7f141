"""`manage.py check --deploy --fail-level WARNING` passes with the production settings
(config.settings with DEBUG off and what README's "Running in production" sets)."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _check(**extra: str) -> subprocess.CompletedProcess:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "api.example.com",
        "SERVICE_BASE_URL": "https://api.example.com",
        **extra,
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_deployment_check_passes_with_production_settings():
    result = _check()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_the_check_can_fail_when_a_protection_is_turned_off():
    result = _check(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0")
    assert result.returncode != 0
    assert "security.W004" in result.stderr and "security.W008" in result.stderr


def test_plain_http_on_loopback_passes_the_check():
    result = _check(
        LOCAL_HTTP="1",
        ALLOWED_HOSTS="127.0.0.1,localhost,[::1]",
        SERVICE_BASE_URL="http://127.0.0.1:8000",
        GUNICORN_BIND="127.0.0.1:8000",
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("name", "value", "named"),
    [
        ("ALLOWED_HOSTS", "127.0.0.1,api.example.com", "api.example.com"),
        ("ALLOWED_HOSTS", "*", "*"),
        ("SERVICE_BASE_URL", "http://api.example.com", "SERVICE_BASE_URL http://api.example.com"),
        ("GUNICORN_BIND", "0.0.0.0:8000", "GUNICORN_BIND 0.0.0.0:8000"),
    ],
)
def test_plain_http_is_refused_unless_everything_is_loopback(name, value, named):
    local = {"ALLOWED_HOSTS": "127.0.0.1", "SERVICE_BASE_URL": "http://127.0.0.1:8000"}
    result = _check(LOCAL_HTTP="1", **{**local, name: value})
    assert result.returncode != 0
    assert f"LOCAL_HTTP serves plain http on loopback only; not loopback: {named}" in (
        result.stderr
    )


def test_the_check_refuses_staff_without_a_second_factor():
    result = _check(STAFF_OTP_REQUIRED="0")
    assert result.returncode != 0
    assert "staff.E001" in result.stderr and "STAFF_OTP_REQUIRED is off" in result.stderr
