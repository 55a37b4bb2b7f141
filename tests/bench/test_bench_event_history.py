"""bench_event_history runs end to end on a small data set (its numbers are in docs)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from events.models import Delivery, DeliveryAttempt, Event
from tests.conftest import is_postgres

pytestmark = pytest.mark.django_db


@pytest.mark.postgres
def test_it_loads_times_the_feed_and_retires_two_months(capsys):
    call_command("bench_event_history", events=600, depth=100, repeat=1, json=True)
    report = json.loads(capsys.readouterr().out)

    assert set(report["feed"]) == {"first page", "page 100 events deep"}
    for timing in report["feed"].values():
        assert timing["p95"] >= timing["p50"] > 0
    retired = report["retire"]
    assert retired["detaching"]["rows"] > 0 and retired["the old purge"]["rows"] > 0
    assert retired["detaching"]["dropDetached"]["seconds"] > 0
    # Both months are gone, with their deliveries and attempts; the rest stays.
    left = 600 - retired["detaching"]["rows"] - retired["the old purge"]["rows"]
    assert Event.objects.filter(id__startswith="evt_bench").count() == left
    assert Delivery.objects.filter(id__startswith="dlv_bench").count() == left
    assert DeliveryAttempt.objects.filter(delivery__id__startswith="dlv_bench").count() == left


def test_it_refuses_a_database_without_partitions():
    if is_postgres():
        pytest.skip("PostgreSQL has partitions")
    with pytest.raises(CommandError, match="PostgreSQL"):
        call_command("bench_event_history", events=10, stdout=StringIO(), stderr=StringIO())


@pytest.mark.postgres
def test_it_can_retire_by_detaching_alone(capsys):
    call_command(
        "bench_event_history", events=300, depth=10, repeat=1, json=True, no_old_purge=True
    )
    retired = json.loads(capsys.readouterr().out)["retire"]
    assert set(retired) == {"detaching"} and retired["detaching"]["rows"] > 0
    left = 300 - retired["detaching"]["rows"]
    assert Event.objects.filter(id__startswith="evt_bench").count() == left
