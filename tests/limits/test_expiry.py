"""Overrides lapse at expiresOn on the next read, with nothing scheduled."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from common.errors import InvalidRequest
from limits import services
from limits.models import LimitOverride
from tests.limits.helpers import STAFF, effective, enrollment, group

pytestmark = pytest.mark.django_db

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
EXPIRES = datetime(2026, 12, 3, 17, 30, tzinfo=UTC)


def daily(ctx) -> dict:
    return effective(ctx, "cust-1")["effectiveLimits"]["dailyAmount"]


def test_an_override_counts_until_expires_on_and_not_from_then(provider):
    with time_machine.travel(START, tick=False) as clock:
        member = enrollment(provider, "cust-1")
        group(provider, "VIP", [member], dailyAmount=50000)
        services.set_limit_override(
            enrollment=member, values={"dailyAmount": 1000}, expires_on=EXPIRES, actor=STAFF
        )
        limit = daily(provider)
        assert set(limit) == {"ceiling", "source", "expiresOn"}
        assert (limit["source"], limit["expiresOn"]) == ("override", "2026-12-03T17:30:00Z")
        assert limit["ceiling"]["value"] == "10.00"

        clock.move_to(EXPIRES - timedelta(microseconds=1))
        assert daily(provider)["source"] == "override"

        clock.move_to(EXPIRES)
        limit = daily(provider)
        assert limit["source"] == "group:VIP"
        assert limit["ceiling"]["value"] == "500.00"
        assert "expiresOn" not in limit
        # Nothing ran to lapse it: the row is as it was written.
        assert LimitOverride.objects.get().ended_on is None


def test_an_override_without_expiry_stays_until_cleared(provider):
    with time_machine.travel(START, tick=False) as clock:
        member = enrollment(provider, "cust-1")
        services.set_limit_override(enrollment=member, values={"dailyAmount": 1000}, actor=STAFF)
        clock.move_to(START + timedelta(days=3650))
        assert daily(provider)["source"] == "override"
        assert "expiresOn" not in daily(provider)
        assert (
            services.clear_limit_override(
                enrollment=member, dimension_names=["dailyAmount"], actor=STAFF
            )
            == 1
        )
        assert daily(provider)["source"] == "platform"


def test_setting_a_dimension_again_replaces_the_previous_override(provider):
    with time_machine.travel(START, tick=False):
        member = enrollment(provider, "cust-1")
        services.set_limit_override(
            enrollment=member, values={"dailyAmount": 1000}, expires_on=EXPIRES, actor=STAFF
        )
        services.set_limit_override(enrollment=member, values={"dailyAmount": 2000}, actor=STAFF)
        limit = daily(provider)
        assert (limit["source"], limit["ceiling"]["value"]) == ("override", "20.00")
        assert "expiresOn" not in limit
        rows = LimitOverride.objects.order_by("id")
        assert [(o.value, o.ended_on is not None) for o in rows] == [(1000, True), (2000, False)]


@pytest.mark.parametrize("expires_on", [START, START - timedelta(seconds=1)])
def test_an_expiry_that_is_not_in_the_future_is_refused(provider, expires_on):
    with time_machine.travel(START, tick=False):
        member = enrollment(provider, "cust-1")
        with pytest.raises(InvalidRequest):
            services.set_limit_override(
                enrollment=member, values={"dailyAmount": 1}, expires_on=expires_on, actor=STAFF
            )
    assert not LimitOverride.objects.exists()
