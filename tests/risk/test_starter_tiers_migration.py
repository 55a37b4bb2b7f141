"""risk.0004: the starter amount tiers score the higher tier higher, on databases that still
have the old starter points, with the change in the trail; an analyst's own points stay."""

import importlib

import pytest
from django.apps import apps

from risk.models import RiskChange, RiskRule
from tests.risk.rules import rule

migration = importlib.import_module("risk.migrations.0004_starter_amount_tiers")

pytestmark = pytest.mark.django_db


def tiers(large_points: int, mid_points: int) -> None:
    for rule_id, threshold, points in ((101, 750, large_points), (102, 250, mid_points)):
        made = rule("amount_at_least", threshold=threshold, points=points)
        RiskRule.objects.filter(pk=made.pk).update(rule_id=rule_id)


def points() -> dict:
    return dict(RiskRule.objects.filter(rule_id__in=[101, 102]).values_list("rule_id", "points"))


def test_old_starter_points_are_swapped_and_recorded():
    tiers(20, 30)
    migration.forwards(apps, None)
    assert points() == {101: 30, 102: 20}
    trail = RiskChange.objects.order_by("subject")
    assert [(c.subject, c.before["points"], c.after["points"]) for c in trail] == [
        ("101", 20, 30),
        ("102", 30, 20),
    ]
    assert {c.actor_kind for c in trail} == {"system"}
    migration.backwards(apps, None)
    assert points() == {101: 20, 102: 30}


def test_an_analysts_own_points_are_kept():
    tiers(25, 30)
    migration.forwards(apps, None)
    assert points() == {101: 25, 102: 30}
    assert not RiskChange.objects.exists()
