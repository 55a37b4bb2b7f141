"""common.bulkhead on a real Redis: the bound, the line and its order, the hand-over of a freed
slot, leases that lapse, and the strained limit (set by a verdict or by a slot held too long,
lifted by a healthy verdict)."""

import time

import pytest
import redis
from django.conf import settings

from common.bulkhead import HEALTHY, STRAINED, Bulkhead, Limits

pytestmark = pytest.mark.redis

LIMITS = Limits(limit=2, strained_limit=1, slow_after=30, lease=60, strained_for=60)


@pytest.fixture
def bulkhead():
    client = redis.Redis.from_url(settings.REDIS_URL)
    prefix = f"test-bulkhead-{time.monotonic_ns()}"
    yield Bulkhead(client, prefix)
    for key in client.scan_iter(match=f"{prefix}:*"):
        client.delete(key)


def test_past_the_bound_holders_wait_in_line_and_freed_slots_go_to_the_first(bulkhead):
    assert [bulkhead.enter("A", f"c{n}", LIMITS) for n in range(4)] == [1, 1, 0, 0]
    assert bulkhead.enter("A", "c2", LIMITS) == -1  # in line already: keeps its place
    assert bulkhead.enter("B", "b1", LIMITS) == 1  # another compartment has its own slots
    state = bulkhead.state("A", LIMITS)
    assert (state.holders, state.waiting, state.limit, state.strained) == (2, 2, 2, False)

    left = bulkhead.leave("A", "c0", LIMITS, HEALTHY)
    assert left.handed == ["c2"] and not left.newly_strained
    # The slot is c2's: a newcomer does not take it, and c2 finds it held for it.
    assert bulkhead.enter("A", "late", LIMITS) == 0
    assert bulkhead.enter("A", "c2", LIMITS) == 1
    assert bulkhead.state("A", LIMITS).holders == 2
    assert bulkhead.leave("A", "c1", LIMITS).handed == ["c3"]
    assert bulkhead.compartments() == ["A", "B"]


def test_a_strained_verdict_cuts_the_slots_until_a_healthy_one(bulkhead):
    for holder in ("c0", "c1", "c2", "c3"):
        bulkhead.enter("A", holder, LIMITS)
    left = bulkhead.leave("A", "c0", LIMITS, STRAINED)
    assert left.newly_strained and left.handed == []  # c1 still holds the one slot left
    assert not bulkhead.leave("A", "c1", LIMITS, STRAINED).newly_strained
    state = bulkhead.state("A", LIMITS)
    assert (state.holders, state.limit, state.strained) == (1, 1, True)  # c2, handed on
    left = bulkhead.leave("A", "c2", LIMITS, HEALTHY)
    assert left.handed == ["c3"]
    assert bulkhead.state("A", LIMITS).limit == 2


def test_a_strain_mark_lapses_without_new_verdicts(bulkhead):
    short = Limits(limit=2, strained_limit=1, slow_after=30, lease=60, strained_for=0.2)
    bulkhead.enter("A", "c0", short)
    bulkhead.leave("A", "c0", short, STRAINED)
    assert bulkhead.state("A", short).strained
    time.sleep(0.3)
    assert not bulkhead.state("A", short).strained


def test_a_slot_held_as_long_as_a_slow_answer_cuts_the_slots_before_it_ends(bulkhead):
    slow = Limits(limit=2, strained_limit=1, slow_after=0.2, lease=60, strained_for=60)
    assert bulkhead.enter("A", "c0", slow) == 1
    time.sleep(0.3)
    assert bulkhead.enter("A", "c1", slow) == 0
    assert bulkhead.state("A", slow).strained


def test_the_slot_of_a_holder_that_died_is_free_after_its_lease(bulkhead):
    short = Limits(limit=1, strained_limit=1, slow_after=30, lease=0.3, strained_for=60)
    assert bulkhead.enter("A", "dead", short) == 1
    assert bulkhead.enter("A", "next", short) == 0
    assert bulkhead.hand_on(short) == []
    time.sleep(0.4)
    # Nobody gives the slot back: the sweep hands it to the first in line.
    assert bulkhead.hand_on(short) == ["next"]
    assert bulkhead.enter("A", "next", short) == 1
    assert bulkhead.state("A", short).holders == 1
