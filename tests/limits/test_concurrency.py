"""Racing writes on PostgreSQL: row locks and constraints leave one consistent result."""

import pytest

from limits import selectors, services
from limits.errors import DuplicateLimitGroupName
from limits.models import LimitChange, LimitGroup, LimitGroupMembership, LimitOverride
from limits.models import ProviderLimitPolicy as Policy
from tests.concurrency import race as race_n
from tests.limits.helpers import STAFF, enrollment

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.pgbouncer,
    pytest.mark.django_db(transaction=True),
]

N = 8


def race(fn) -> list:
    return race_n(fn, N)


def test_racing_creates_of_one_group_name_have_one_winner(provider):
    results = race(
        lambda i: services.create_limit_group(provider_id=provider.id, name="VIP", actor=STAFF)
    )
    winners = [r for r in results if isinstance(r, LimitGroup)]
    assert len(winners) == 1
    assert all(isinstance(r, DuplicateLimitGroupName) for r in results if r not in winners)
    assert LimitGroup.objects.filter(provider_id=provider.id).count() == 1


def test_racing_first_saves_of_a_provider_policy_make_one_policy(provider):
    results = race(
        lambda i: services.set_provider_limits(
            provider_id=provider.id, ceilings={"dailyAmount": 1000 + i}, actor=STAFF
        )
    )
    assert all(isinstance(r, Policy) for r in results)
    policy = Policy.objects.get(provider_id=provider.id)
    last = LimitChange.objects.filter(kind="provider-policy").order_by("-id").first()
    assert LimitChange.objects.filter(kind="provider-policy").count() == N
    assert (policy.version_id, policy.daily_amount) == (last.version_id, last.data["dailyAmount"])


def test_racing_platform_writes_of_different_dimensions_lose_nothing(provider):
    names = ["perTransactionAmount", "dailyAmount", "weeklyAmount", "monthlyAmount"] * 2
    results = race(
        lambda i: services.set_platform_limits(defaults={names[i]: 100 + i}, actor=STAFF)
    )
    assert not [r for r in results if isinstance(r, Exception)]
    defaults = selectors.get_platform_limits().defaults()
    # Each dimension holds one of the two values written for it, and all versions differ.
    for i, name in enumerate(names[:4]):
        assert defaults[name] in (100 + i, 104 + i)
    assert len({r[0].version_id for r in results}) == N


def test_racing_overrides_of_one_dimension_leave_one_in_force(provider):
    member = enrollment(provider, "cust-1")
    results = race(
        lambda i: services.set_limit_override(
            enrollment=member, values={"dailyAmount": 100 + i}, actor=STAFF
        )
    )
    assert not [r for r in results if isinstance(r, Exception)]
    assert LimitOverride.objects.count() == N
    current = LimitOverride.objects.get(ended_on__isnull=True)
    limit = selectors.resolve_for(provider_id=provider.id, enrollment=member)["dailyAmount"]
    assert (limit.ceiling, limit.source) == (current.value, "override")


def test_racing_adds_of_one_member_make_one_membership(provider):
    member = enrollment(provider, "cust-1")
    group = services.create_limit_group(provider_id=provider.id, name="VIP", actor=STAFF)
    results = race(
        lambda i: services.add_to_limit_group(group_id=group.id, enrollment=member, actor=STAFF)
    )
    assert sorted(created for _, created in results) == [False] * (N - 1) + [True]
    assert LimitGroupMembership.objects.count() == 1
