"""The starter amount tiers score the higher tier higher: rule 101 (at least 750.00) 30
points, rule 102 (at least 250.00) 20, instead of 20 and 30. Only rules still at the old
starter values change (an analyst's own points are kept), and each change is written to the
risk change trail like any other."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from django.db import migrations
from django.utils import timezone

OLD = {101: 20, 102: 30}
NEW = {101: 30, 102: 20}
REASON = "Starter rules: the higher amount tier scores higher (101: 30 points, 102: 20)"


def _snapshot(rule) -> dict:
    values = {
        field.attname: field.value_from_object(rule)
        for field in rule._meta.concrete_fields
        if field.attname != "updated_on"
    }
    return json.loads(json.dumps(values, cls=DjangoJSONEncoder))


def _move(apps, points_from: dict, points_to: dict) -> None:
    RiskRule = apps.get_model("risk", "RiskRule")
    RiskChange = apps.get_model("risk", "RiskChange")
    rules = {rule.rule_id: rule for rule in RiskRule.objects.filter(rule_id__in=list(OLD))}
    # Both tiers or neither: one changed by an analyst means the pair is theirs now.
    if len(rules) != 2 or any(rules[pk].points != points for pk, points in points_from.items()):
        return
    for pk, rule in sorted(rules.items()):
        before = _snapshot(rule)
        rule.points = points_to[pk]
        rule.updated_on = timezone.now()
        rule.save(update_fields=["points", "updated_on"])
        RiskChange.objects.create(
            kind="rule",
            action="update",
            subject=str(pk),
            label=f"{rule.rule_id} {rule.name}"[:255],
            before=before,
            after=_snapshot(rule),
            reason=REASON,
            actor_kind="system",
            actor_display_name="Provider Service (migration risk.0004)",
        )


def forwards(apps, schema_editor):
    _move(apps, OLD, NEW)


def backwards(apps, schema_editor):
    _move(apps, NEW, OLD)


class Migration(migrations.Migration):
    dependencies = [("risk", "0003_risk_policy_row")]

    operations = [migrations.RunPython(forwards, backwards)]
