"""On PostgreSQL what a participant's limits resolve from is read by one statement built once
per process (limits.levels_sql); SQLite keeps the ORM's four reads. Both run here on
PostgreSQL and are held to the same levels, as of several moments."""

from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from limits import levels_sql, selectors, services
from limits.models import PlatformLimits
from tests.limits.helpers import STAFF, enrollment, group, platform

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def _levels(member, at, *, sql: bool, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(levels_sql, "applies", lambda: sql)
        with CaptureQueriesContext(connection) as queries:
            levels = selectors.levels_for(member, at=at)
    return levels, len(queries)


def _both(member, at, monkeypatch):
    by_sql, sql_count = _levels(member, at, sql=True, monkeypatch=monkeypatch)
    by_orm, orm_count = _levels(member, at, sql=False, monkeypatch=monkeypatch)
    assert by_sql == by_orm
    assert (sql_count, orm_count) == (1, 4)
    return by_sql


def test_the_statement_reads_what_the_orm_reads(provider, other_provider, monkeypatch):
    member = enrollment(provider)
    now = timezone.now()
    bare = _both(member, now, monkeypatch)  # no policy, no override, no group
    assert bare.provider == {} and bare.overrides == {} and bare.groups == ()
    platform(defaults={"dailySendCount": 7}, maximums={"weeklyAmount": 4_000_000})
    services.set_provider_limits(
        provider_id=provider.id,
        ceilings={"dailyAmount": 120_000, "weeklyAmount": None, "dailySendCount": 9},
        actor=STAFF,
    )
    services.set_provider_limits(
        provider_id=other_provider.id, ceilings={"dailyAmount": 1}, actor=STAFF
    )
    group(provider, "vip", [member], dailyAmount=900_000, monthlyAmount=3_000_000)
    group(provider, "watch", [member], dailyAmount=50_000)
    left = group(provider, "left", [member], dailyAmount=1)
    services.remove_from_limit_group(group_id=left.id, enrollment=member, actor=STAFF)
    gone = group(provider, "gone", [member], dailySendCount=1)
    services.delete_limit_group(provider_id=provider.id, group_id=gone.id, actor=STAFF)
    group(provider, "others", [enrollment(provider)], dailyAmount=2)
    expiring = now + timedelta(days=3)
    with time_machine.travel(now - timedelta(days=2), tick=False):
        services.set_limit_override(
            enrollment=member,
            values={"perTransactionAmount": 5_000},
            expires_on=now - timedelta(hours=1),
            actor=STAFF,
        )
    services.set_limit_override(
        enrollment=member, values={"monthlyAmount": 2_000_000}, expires_on=expiring, actor=STAFF
    )
    services.set_limit_override(enrollment=member, values={"dailySendCount": 3}, actor=STAFF)
    services.set_limit_override(enrollment=member, values={"dailySendCount": 4}, actor=STAFF)
    for at in (now, now - timedelta(hours=2), expiring, expiring + timedelta(seconds=1)):
        _both(member, at, monkeypatch)
    levels = _both(member, now, monkeypatch)
    assert levels.provider["dailyAmount"] == 120_000 and levels.provider["weeklyAmount"] is None
    assert sorted(g.name for g in levels.groups) == ["vip", "watch"]
    assert levels.overrides["monthlyAmount"].expires_on == expiring
    assert levels.overrides["dailySendCount"].value == 4  # the later one replaced the first
    assert "perTransactionAmount" not in levels.overrides  # expired an hour ago
    assert levels.platform_defaults["dailySendCount"] == 7
    assert levels.platform_maximums["weeklyAmount"] == 4_000_000


def test_a_missing_platform_row_is_refused_as_before(provider, monkeypatch):
    member = enrollment(provider)
    PlatformLimits.objects.all().delete()
    for sql in (True, False):
        with monkeypatch.context() as patched:
            patched.setattr(levels_sql, "applies", lambda sql=sql: sql)
            with pytest.raises(ImproperlyConfigured, match="platform limits row is missing"):
                selectors.levels_for(member, at=timezone.now())
