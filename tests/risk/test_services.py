"""Every change of the risk configuration goes through risk.services and leaves exactly one
audit row (who, when, before, after, why); refused changes leave none."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from common.actors import Actor
from common.errors import InvalidRequest, NotFound
from risk import services
from risk.models import RiskAllowlistEntry, RiskChange, RiskListEntry, RiskPolicy, RiskRule
from risk.policy import POLICY_ID
from tests.payments.factories import enroll

pytestmark = pytest.mark.django_db

ANA = Actor(kind="user", user_id="7", display_name="Ana Analyst", email="ana@risk.example")
RULE = {
    "rule_id": 501,
    "name": "Large payment",
    "condition": "amount_at_least",
    "threshold": Decimal("750"),
    "on_payment": True,
    "points": 30,
    "outcome": "review",
}


@pytest.fixture
def participant(provider):
    return enroll(provider.provider).participant_id


def _kinds(participant_id):
    """(changes, values to create with, values to update with, the field that changes)."""
    return [
        (services.RULES, RULE, {"threshold": Decimal("900")}, "threshold"),
        (
            services.LIST_ENTRIES,
            {"kind": "country", "value": "kp", "level": "high"},
            {"level": "very_high"},
            "level",
        ),
        (
            services.ALLOWLIST_ENTRIES,
            {"participant_id": participant_id, "rule_id": None, "reason": "payroll"},
            {"reason": "payroll, every Friday"},
            "reason",
        ),
    ]


def _only_change(**expected) -> RiskChange:
    [change] = RiskChange.objects.all()
    for name, value in expected.items():
        assert getattr(change, name) == value, name
    assert change.actor == ANA and change.created_on <= timezone.now()
    return change


@pytest.mark.parametrize("index", [0, 1, 2], ids=["rule", "list-entry", "allowlist-entry"])
def test_create_update_and_delete_each_leave_one_row(participant, index):
    changes, create, update, field = _kinds(participant)[index]
    made = changes.create(values=create, actor=ANA, reason="Seen in a fraud ring")
    change = _only_change(
        kind=changes.kind, action="create", subject=str(made.pk), reason="Seen in a fraud ring"
    )
    assert change.before is None and change.after == services.snapshot(made)
    assert change.label == str(made)

    RiskChange.objects.all().delete()
    before = services.snapshot(made)
    updated = changes.update(pk=made.pk, values=update, actor=ANA, reason="Recalibrated")
    change = _only_change(kind=changes.kind, action="update", subject=str(made.pk))
    assert change.before == before and change.after == services.snapshot(updated)
    assert change.before[field] != change.after[field]
    assert {k for k in change.before if change.before[k] != change.after[k]} == {field}

    RiskChange.objects.all().delete()
    changes.delete(pk=made.pk, actor=ANA, reason="No longer needed")
    change = _only_change(kind=changes.kind, action="delete", subject=str(made.pk))
    assert change.before == services.snapshot(updated) and change.after is None
    assert not changes.model.objects.filter(pk=made.pk).exists()


def test_the_trail_keeps_values_as_stored():
    services.RULES.create(values=RULE, actor=ANA, reason="New rule")
    after = RiskChange.objects.get().after
    assert after["threshold"] == "750.0000" and after["rule_id"] == 501
    assert after["on_payment"] is True and "updated_on" not in after


def test_disabling_a_rule_is_an_update_with_its_own_row():
    services.RULES.create(values=RULE, actor=ANA, reason="New rule")
    services.RULES.update(pk=501, values={"enabled": False}, actor=ANA, reason="Too noisy")
    change = RiskChange.objects.get(action="update")
    assert (change.before["enabled"], change.after["enabled"]) == (True, False)
    assert not RiskRule.objects.get().enabled


def test_the_thresholds_are_changed_never_added_or_removed():
    policy = services.update_policy(
        values={"review_at_score": 40, "deny_at_score": 80}, actor=ANA, reason="Tighter"
    )
    change = _only_change(kind="policy", action="update", subject=str(POLICY_ID))
    assert (change.before["review_at_score"], change.after["review_at_score"]) == (50, 40)
    assert (policy.review_at_score, policy.deny_at_score) == (40, 80)
    with pytest.raises(InvalidRequest):
        services.POLICY.create(values={}, actor=ANA, reason="x")
    with pytest.raises(InvalidRequest):
        services.POLICY.delete(pk=POLICY_ID, actor=ANA, reason="x")
    assert RiskChange.objects.count() == 1 and RiskPolicy.objects.count() == 1


def test_deleting_a_rule_deletes_and_records_its_allowlist_entries_first(participant):
    services.RULES.create(values=RULE, actor=ANA, reason="New rule")
    entry = services.ALLOWLIST_ENTRIES.create(
        values={"participant_id": participant, "rule_id": 501, "reason": "payroll"},
        actor=ANA,
        reason="Payroll",
    )
    RiskChange.objects.all().delete()
    services.RULES.delete(pk=501, actor=ANA, reason="Retired")
    assert list(RiskChange.objects.order_by("id").values_list("kind", "action", "subject")) == [
        ("allowlist-entry", "delete", str(entry.pk)),
        ("rule", "delete", "501"),
    ]
    assert set(RiskChange.objects.values_list("reason", flat=True)) == {"Retired"}
    assert not RiskAllowlistEntry.objects.exists()


def test_a_save_that_changes_nothing_records_nothing():
    services.RULES.create(values=RULE, actor=ANA, reason="New rule")
    stamped = RiskRule.objects.get().updated_on
    services.RULES.update(pk=501, values={"threshold": Decimal("750.00")}, actor=ANA, reason="x")
    assert RiskChange.objects.count() == 1
    assert RiskRule.objects.get().updated_on == stamped


def test_an_update_stamps_the_row():
    rule = services.RULES.create(values=RULE, actor=ANA, reason="New rule")
    updated = services.RULES.update(pk=501, values={"points": 35}, actor=ANA, reason="Heavier")
    assert updated.updated_on > rule.updated_on


@pytest.mark.parametrize("reason", ["", "   ", "x" * 513])
def test_no_change_without_a_reason(reason):
    with pytest.raises(InvalidRequest):
        services.RULES.create(values=RULE, actor=ANA, reason=reason)
    services.RULES.create(values=RULE, actor=ANA, reason="New rule")
    with pytest.raises(InvalidRequest):
        services.RULES.update(pk=501, values={"points": 1}, actor=ANA, reason=reason)
    with pytest.raises(InvalidRequest):
        services.RULES.delete(pk=501, actor=ANA, reason=reason)
    assert RiskRule.objects.get().points == 30 and RiskChange.objects.count() == 1


def test_the_models_checks_refuse_a_change_and_nothing_is_recorded():
    with pytest.raises(ValidationError) as refused:
        services.RULES.create(values={**RULE, "threshold": None}, actor=ANA, reason="x")
    assert "threshold" in refused.value.message_dict
    services.LIST_ENTRIES.create(
        values={"kind": "pep_name", "value": "Maria Costa", "level": "medium"},
        actor=ANA,
        reason="x",
    )
    with pytest.raises(ValidationError):  # listed already, in another case
        services.LIST_ENTRIES.create(
            values={"kind": "pep_name", "value": "maria  COSTA", "level": "high"},
            actor=ANA,
            reason="x",
        )
    with pytest.raises(ValidationError):  # review above deny
        services.update_policy(values={"review_at_score": 95}, actor=ANA, reason="x")
    assert not RiskRule.objects.exists() and RiskListEntry.objects.count() == 1
    assert RiskChange.objects.count() == 1
    assert RiskListEntry.objects.get().value == "Maria Costa"


def test_a_missing_row_is_not_found():
    with pytest.raises(NotFound):
        services.RULES.update(pk=999, values={"points": 1}, actor=ANA, reason="x")
    with pytest.raises(NotFound):
        services.LIST_ENTRIES.delete(pk=999, actor=ANA, reason="x")
    assert not RiskChange.objects.exists()
