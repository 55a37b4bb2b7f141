"""Every precedence and clamp combination, read through the effective-limits endpoint.

One row per case, run for an amount dimension (dailyAmount, values in cents) and for the count
dimension (dailySendCount, the same numbers as counts). Columns:

  override   "-" none; "50" no expiry; "50 expiring" with expiresOn; "50 expired" lapsed
  groups     the participant's groups: "NAME=ceiling", "NAME=-" (group does not set this
             dimension), suffix " left" (membership ended) or " deleted" (group deleted)
  provider   the provider's saved policy for the dimension ("-": not set)
  expected   ceiling and source; `stored` is the pre-clamp value when clamped
The platform default is 100 and the platform maximum 1000 in every row.
"""

from dataclasses import dataclass
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from limits import services
from limits.models import LimitGroup
from tests.limits.helpers import STAFF, assert_matches_schema, effective, enrollment, platform

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Row:
    override: str
    groups: str
    provider: str
    ceiling: int
    source: str
    stored: int | None = None


PLATFORM_DEFAULT = 100
PLATFORM_MAXIMUM = 1000

# fmt: off
PRECEDENCE = [
    #   override         groups                    prov.   ceil. source                       stored
    Row("-",             "",                       "-",    100,  "platform"),
    Row("-",             "",                       "300",  300,  "provider"),
    Row("-",             "",                       "1000", 1000, "provider"),
    Row("-",             "",                       "3000", 1000, "provider+platform-clamp",   3000),
    Row("-",             "VIP=200",                "300",  200,  "group:VIP"),
    Row("-",             "VIP=500",                "300",  500,  "group:VIP"),
    Row("-",             "VIP=5000",               "300",  1000, "group:VIP+platform-clamp",  5000),
    Row("-",             "VIP=500, Gold=400",      "300",  400,  "group:Gold"),
    Row("-",             "VIP=5000, Gold=2000",    "-",    1000, "group:Gold+platform-clamp", 2000),
    Row("-",             "Beta=400, Alpha=400",    "-",    400,  "group:Alpha"),
    Row("-",             "VIP=500, Gold=-",        "300",  500,  "group:VIP"),
    Row("-",             "Gold=-",                 "300",  300,  "provider"),
    Row("-",             "Gold=-",                 "-",    100,  "platform"),
    Row("-",             "VIP=200 deleted",        "300",  300,  "provider"),
    Row("-",             "VIP=200 deleted",        "-",    100,  "platform"),
    Row("-",             "VIP=200 left, Gold=400", "300",  400,  "group:Gold"),
    Row("50",            "VIP=500",                "300",  50,   "override"),
    Row("700",           "VIP=500",                "300",  700,  "override"),
    Row("0",             "",                       "300",  0,    "override"),
    Row("1000",          "",                       "-",    1000, "override"),
    Row("5000",          "VIP=500",                "300",  1000, "override+platform-clamp",   5000),
    Row("50 expiring",   "VIP=500",                "300",  50,   "override"),
    Row("5000 expiring", "",                       "-",    1000, "override+platform-clamp",   5000),
    Row("50 expired",    "VIP=500",                "300",  500,  "group:VIP"),
    Row("50 expired",    "",                       "300",  300,  "provider"),
    Row("50 expired",    "",                       "-",    100,  "platform"),
]
# fmt: on

DIMENSIONS = ["dailyAmount", "dailySendCount"]
USD = {"code": "USD", "decimalPlaces": 2, "numericCode": "840", "name": "US Dollar"}


def _groups(ctx, member, spec: str, dimension: str) -> None:
    for item in filter(None, (part.strip() for part in spec.split(","))):
        definition, _, state = item.partition(" ")
        name, _, ceiling = definition.partition("=")
        ceilings = {} if ceiling == "-" else {dimension: int(ceiling)}
        group = services.create_limit_group(
            provider_id=ctx.id, name=name, ceilings=ceilings, actor=STAFF
        )
        services.add_to_limit_group(group_id=group.id, enrollment=member, actor=STAFF)
        if state == "left":
            services.remove_from_limit_group(group_id=group.id, enrollment=member, actor=STAFF)
        elif state == "deleted":
            services.delete_limit_group(provider_id=ctx.id, group_id=group.id, actor=STAFF)


def _override(member, spec: str, dimension: str):
    """Returns the override's expiresOn, if any."""
    if spec == "-":
        return None
    value, _, state = spec.partition(" ")
    values = {dimension: int(value)}
    if state == "expired":
        an_hour_ago = timezone.now() - timedelta(hours=1)
        with time_machine.travel(an_hour_ago - timedelta(days=1), tick=False):
            services.set_limit_override(
                enrollment=member, values=values, expires_on=an_hour_ago, actor=STAFF
            )
        return None
    expires_on = timezone.now() + timedelta(days=7) if state == "expiring" else None
    services.set_limit_override(
        enrollment=member, values=values, expires_on=expires_on, actor=STAFF
    )
    return expires_on


@pytest.mark.parametrize("dimension", DIMENSIONS)
@pytest.mark.parametrize("row", PRECEDENCE, ids=lambda r: f"{r.override}|{r.groups}|{r.provider}")
def test_precedence_and_clamp(provider, dimension, row):
    platform(defaults={dimension: PLATFORM_DEFAULT}, maximums={dimension: PLATFORM_MAXIMUM})
    member = enrollment(provider, "p-1")
    if row.provider != "-":
        services.set_provider_limits(
            provider_id=provider.id, ceilings={dimension: int(row.provider)}, actor=STAFF
        )
    _groups(provider, member, row.groups, dimension)
    expires_on = _override(member, row.override, dimension)

    body = effective(provider, "p-1")
    assert_matches_schema(body, "EffectiveLimitsEnvelope")
    limit = body["effectiveLimits"][dimension]

    def rendered(value):
        if dimension == "dailySendCount":
            return value
        return {"value": f"{value / 100:.2f}", "currency": USD}

    assert limit["source"] == row.source
    assert limit["ceiling"] == rendered(row.ceiling)
    if row.stored is None:
        assert "stored" not in limit and "platformMaximum" not in limit
    else:
        assert limit["stored"] == rendered(row.stored)
        assert limit["platformMaximum"] == rendered(PLATFORM_MAXIMUM)
    if expires_on is None:
        assert "expiresOn" not in limit
    else:
        assert limit["expiresOn"] == expires_on.isoformat().replace("+00:00", "Z")


def test_each_dimension_resolves_on_its_own(provider):
    """A level that sets one dimension does not decide the others."""
    member = enrollment(provider, "p-1")
    services.set_provider_limits(
        provider_id=provider.id, ceilings={"weeklyAmount": 70000}, actor=STAFF
    )
    services.create_limit_group(
        provider_id=provider.id, name="VIP", ceilings={"dailyAmount": 90000}, actor=STAFF
    )
    services.add_to_limit_group(
        group_id=LimitGroup.objects.get(name="VIP").id, enrollment=member, actor=STAFF
    )
    services.set_limit_override(
        enrollment=member, values={"dailySendCount": 3}, reason="new account", actor=STAFF
    )
    services.set_limit_override(
        enrollment=member, values={"monthlyAmount": 99_000_000}, actor=STAFF
    )

    limits = effective(provider, "p-1")["effectiveLimits"]
    sources = {name: limit["source"] for name, limit in limits.items()}
    assert sources == {
        "perTransactionAmount": "platform",
        "dailyAmount": "group:VIP",
        "weeklyAmount": "provider",
        "monthlyAmount": "override+platform-clamp",
        "dailySendCount": "override",
    }
    assert list(limits) == [
        "perTransactionAmount",
        "dailyAmount",
        "weeklyAmount",
        "monthlyAmount",
        "dailySendCount",
    ]
    assert limits["weeklyAmount"]["ceiling"]["value"] == "700.00"
    assert limits["monthlyAmount"]["stored"]["value"] == "990000.00"
    assert limits["monthlyAmount"]["platformMaximum"]["value"] == "100000.00"
    assert limits["dailySendCount"]["ceiling"] == 3


def test_another_providers_levels_never_apply(provider, other_provider):
    member = enrollment(provider, "p-1")
    services.set_provider_limits(
        provider_id=other_provider.id, ceilings={"dailyAmount": 100}, actor=STAFF
    )
    services.create_limit_group(
        provider_id=other_provider.id, name="VIP", ceilings={"dailyAmount": 100}, actor=STAFF
    )
    assert effective(provider, "p-1")["effectiveLimits"]["dailyAmount"]["source"] == "platform"
    assert member.provider_id == provider.id
