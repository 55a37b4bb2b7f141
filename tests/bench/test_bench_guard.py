"""Benchmarks never write into the `make run` database unless told to, and say where they
write."""

from io import StringIO
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from bench import measure as bench


@pytest.fixture
def demo_database(monkeypatch):
    fake = SimpleNamespace(
        vendor="sqlite", settings_dict={"NAME": settings.BASE_DIR / "var" / "db.sqlite3"}
    )
    monkeypatch.setattr(bench, "connection", fake)


@pytest.mark.parametrize(
    "command",
    [
        "bench_payments",
        "bench_participants",
        "bench_screening",
        "bench_events",
        "bench_event_history",
        "profile_writes",
    ],
)
def test_every_bench_command_refuses_the_demo_database(demo_database, command):
    with pytest.raises(CommandError, match="demo database"):
        call_command(command, stdout=StringIO(), stderr=StringIO())


def test_it_says_which_database_it_writes_to(db):
    err = StringIO()
    call_command("bench_participants", "--rows", "20", "--providers", "1", "--repeat", "1",
                 stdout=StringIO(), stderr=err)  # fmt: skip
    assert err.getvalue().startswith("Benchmark rows go to ")
