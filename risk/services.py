"""Every change of the risk configuration: the thresholds (the policy row), rules, list entries
and allowlist entries. The admin screens (and the demo seed) save through these; nothing else
writes those rows.

Each create, update and delete runs in its own transaction, under the row's lock for an
update or delete, is validated by the model (`full_clean`: field checks, constraints, and the
checks of `risk.validation`), and writes one `RiskChange` row: who (the actor), when, the
values before and after, and the reason, which is required. An update that changes nothing
writes nothing. Deleting a rule deletes its allowlist entries first, each with its own row.
Validation failures raise Django's `ValidationError`, a missing row `NotFound`, a missing
reason `InvalidRequest`.
"""

import json
from collections.abc import Mapping

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import InvalidRequest, NotFound
from risk import starter
from risk.models import (
    AUDITED,
    RiskAllowlistEntry,
    RiskChange,
    RiskListEntry,
    RiskPolicy,
    RiskRule,
)
from risk.policy import POLICY_ID

REASON_MAX = 512
# Stamped on every save; left out of the trail, where it would make every update a change.
STAMP = "updated_on"
# Made from other fields on save (a list entry's match key): not a change of its own.
DERIVED = {STAMP, "match_key"}

Action = RiskChange.Action


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise InvalidRequest("A reason is required: it is kept with the change.")
    if len(reason) > REASON_MAX:
        raise InvalidRequest(f"The reason is at most {REASON_MAX} characters.")
    return reason


def _values(obj: models.Model) -> dict:
    return {
        field.attname: field.value_from_object(obj)
        for field in obj._meta.concrete_fields
        if field.attname not in DERIVED
    }


def snapshot(obj: models.Model) -> dict:
    """The row's values as the trail keeps them (JSON: decimals and times as text)."""
    return json.loads(json.dumps(_values(obj), cls=DjangoJSONEncoder))


def _record(kind, action, obj, before, after, actor: Actor, reason: str) -> RiskChange:
    """One row of the trail: `before` is None on a create, `after` on a delete."""
    return RiskChange.record(
        actor,
        kind=kind,
        action=action,
        subject=str(obj.pk),
        label=str(obj)[:255],
        before=before,
        after=after,
        reason=reason,
    )


def _saved(obj: models.Model) -> models.Model:
    if hasattr(obj, STAMP):
        setattr(obj, STAMP, timezone.now())
    obj.save()
    obj.refresh_from_db()  # the values as stored (decimal places), for the trail
    return obj


class Changes:
    """Create, update and delete for one kind of row, each audited."""

    def __init__(self, kind: str, model: type[models.Model]):
        self.kind = kind
        self.model = model

    def _locked(self, pk) -> models.Model:
        obj = self.model.objects.select_for_update().filter(pk=pk).first()
        if obj is None:
            raise NotFound(f"No {self.model._meta.verbose_name} with that ID exists.")
        return obj

    def create(self, *, values: Mapping, actor: Actor, reason: str) -> models.Model:
        reason = _reason(reason)
        with transaction.atomic():
            obj = self.model(**values)
            obj.full_clean()
            _saved(obj)
            _record(self.kind, Action.CREATE, obj, None, snapshot(obj), actor, reason)
        return obj

    def update(self, *, pk, values: Mapping, actor: Actor, reason: str) -> models.Model:
        reason = _reason(reason)
        with transaction.atomic():
            obj = self._locked(pk)
            before, old = snapshot(obj), _values(obj)
            for name, value in values.items():
                setattr(obj, name, value)
            obj.full_clean()
            if _values(obj) == old:
                return obj
            _saved(obj)
            _record(self.kind, Action.UPDATE, obj, before, snapshot(obj), actor, reason)
        return obj

    def delete(self, *, pk, actor: Actor, reason: str) -> None:
        reason = _reason(reason)
        with transaction.atomic():
            obj = self._locked(pk)
            self._delete_dependents(obj, actor, reason)
            before = snapshot(obj)
            obj.delete()
            obj.pk = before[self.model._meta.pk.attname]  # delete() cleared it: the trail names it
            _record(self.kind, Action.DELETE, obj, before, None, actor, reason)

    def delete_many(self, *, pks, actor: Actor, reason: str) -> None:
        """Delete several rows for one reason, all or none."""
        with transaction.atomic():
            for pk in pks:
                self.delete(pk=pk, actor=actor, reason=reason)

    def _delete_dependents(self, obj, actor: Actor, reason: str) -> None:
        """Rows the database would delete with this one: deleted first, each recorded."""


class PolicyChanges(Changes):
    """The policy is one row, made by a migration: it is changed, never added or removed."""

    def create(self, **kwargs):
        raise InvalidRequest("The risk policy is one row: change it instead.")

    def delete(self, **kwargs):
        raise InvalidRequest("The risk policy is one row: it cannot be deleted.")


class RuleChanges(Changes):
    def _delete_dependents(self, rule, actor: Actor, reason: str) -> None:
        for entry_id in RiskAllowlistEntry.objects.filter(rule=rule).values_list("pk", flat=True):
            ALLOWLIST_ENTRIES.delete(pk=entry_id, actor=actor, reason=reason)


POLICY = PolicyChanges(AUDITED[RiskPolicy], RiskPolicy)
RULES = RuleChanges(AUDITED[RiskRule], RiskRule)
LIST_ENTRIES = Changes(AUDITED[RiskListEntry], RiskListEntry)
ALLOWLIST_ENTRIES = Changes(AUDITED[RiskAllowlistEntry], RiskAllowlistEntry)


def install_missing(*, rules, entries, actor: Actor, reason: str) -> None:
    """Add the starter-style rules and list entries (`risk.starter` rows) that are missing,
    by ruleID and by kind and value, each recorded; rows that exist are left as they are."""
    with transaction.atomic():
        for row in rules:
            values = starter.rule_values(row)
            if not RiskRule.objects.filter(pk=values["rule_id"]).exists():
                RULES.create(values=values, actor=actor, reason=reason)
        for row in entries:
            values = starter.entry_values(row)
            listed = RiskListEntry.objects.filter(kind=values["kind"], value=values["value"])
            if not listed.exists():
                LIST_ENTRIES.create(values=values, actor=actor, reason=reason)


def update_policy(*, values: Mapping, actor: Actor, reason: str) -> RiskPolicy:
    """Change the thresholds (the one policy row; it is never created or deleted here)."""
    return POLICY.update(pk=POLICY_ID, values=values, actor=actor, reason=reason)
