"""On PostgreSQL a suspension's or a reactivation's change and its history row are one
statement (participants.relationship_sql); the ORM's path, which SQLite takes, is an update
and an insert. Here both run on PostgreSQL, from the services, and are held to the same stored
enrollment and the same history rows."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from participants import relationship_sql, services
from participants.models import Enrollment, RelationshipAction
from tests.participants.factories import create_participant

pytestmark = pytest.mark.postgres

# Differ by construction between two runs: keys, new versions, the clock.
OWN = {"id", "enrollment_id", "version_id", "created_on"}
CLOCK = {
    "suspended_on",
    "updated_on",
    "created_on",
    "relationship_version_id",
    "profile_version_id",
}


def _enrollment(provider, external_id: str) -> Enrollment:
    return Enrollment.objects.get(provider_id=provider.id, external_id=external_id)


def _stored(enrollment_id: int) -> tuple[dict, list[dict]]:
    """The enrollment's row and its history as stored, read fresh."""
    enrollment = Enrollment.objects.get(pk=enrollment_id)
    row = {f.attname: getattr(enrollment, f.attname) for f in Enrollment._meta.concrete_fields}
    actions = [
        {f.attname: getattr(a, f.attname) for f in RelationshipAction._meta.concrete_fields}
        for a in RelationshipAction.objects.filter(enrollment_id=enrollment_id).order_by("id")
    ]
    return row, actions


def _comparable(stored: tuple[dict, list[dict]]) -> tuple[dict, list[dict]]:
    row, actions = stored
    return (
        {k: v for k, v in row.items() if k not in CLOCK | {"id", "participant_id", "external_id"}},
        [{k: v for k, v in a.items() if k not in OWN} for a in actions],
    )


def _run(provider, external_id: str, *, sql: bool, monkeypatch, steps) -> tuple:
    enrollment = _enrollment(provider, external_id)
    with monkeypatch.context() as patched:
        patched.setattr(relationship_sql, "applies", lambda: sql)
        counts = []
        for step in steps:
            with CaptureQueriesContext(connection) as queries:
                returned = step(enrollment.pk)
            counts.append(len(queries))
            _check_returned(returned)
    return _stored(enrollment.pk), counts


def _check_returned(returned) -> None:
    """What the service hands back is what was stored: the enrollment's version and the
    action's key, which the 201 renders."""
    enrollment, action = returned
    assert action.pk is not None and not action._state.adding
    stored = RelationshipAction.objects.get(pk=action.pk)
    assert stored.version_id == action.version_id == enrollment.relationship_version_id
    assert Enrollment.objects.get(pk=enrollment.pk).relationship_version_id == (
        enrollment.relationship_version_id
    )
    assert stored.created_on == action.created_on


def _version(enrollment_id: int) -> str:
    return Enrollment.objects.get(pk=enrollment_id).relationship_version_id


def _suspend(actor, reason="suspected-fraud", note="Chargebacks from two banks"):
    def step(enrollment_id):
        with transaction.atomic():
            return services.suspend(
                enrollment_id=enrollment_id,
                reason_code=reason,
                note=note,
                expected_version_id=_version(enrollment_id),
                actor=actor,
            )

    return step


def _reactivate(actor, note="Cleared after review"):
    def step(enrollment_id):
        with transaction.atomic():
            return services.reactivate(
                enrollment_id=enrollment_id,
                note=note,
                expected_version_id=_version(enrollment_id),
                actor=actor,
            )

    return step


def _suspend_from_review(actor, reason, note, review_id):
    def step(enrollment_id):
        with transaction.atomic():
            return services.suspend_from_review(
                enrollment_id=enrollment_id,
                reason_code=reason,
                note=note,
                actor=actor,
                review_id=review_id,
            )

    return step


def _both(provider, monkeypatch, steps):
    create_participant(provider, externalID="rel-sql")
    create_participant(provider, externalID="rel-orm")
    by_sql, sql_counts = _run(provider, "rel-sql", sql=True, monkeypatch=monkeypatch, steps=steps)
    by_orm, orm_counts = _run(provider, "rel-orm", sql=False, monkeypatch=monkeypatch, steps=steps)
    assert _comparable(by_sql) == _comparable(by_orm)
    return by_sql, sql_counts, orm_counts


def test_suspension_and_reactivation_store_what_the_orm_stores(provider, monkeypatch):
    key = Actor.application(key_id=provider.key_id, provider_id=provider.id)
    steps = [
        _suspend(key, note='Zoë "O\'Brien" 東京 💸'),
        _reactivate(key),
        _suspend(key, reason="customer-request", note=""),
    ]
    (row, actions), sql_counts, orm_counts = _both(provider, monkeypatch, steps)
    assert row["suspended"] is True and row["suspension_reason_code"] == "customer-request"
    assert [a["action"] for a in actions] == ["suspend", "reactivate", "suspend"]
    assert [a["note"] for a in actions] == ['Zoë "O\'Brien" 東京 💸', "Cleared after review", ""]
    # The change and its history row go in one statement: each step costs one round trip
    # less than the ORM's separate writes.
    assert [orm - sql for sql, orm in zip(sql_counts, orm_counts, strict=True)] == [1, 1, 1]


def test_reactivation_clears_the_suspension_columns(provider, monkeypatch):
    key = Actor.application(key_id=provider.key_id, provider_id=provider.id)
    (row, _), _, _ = _both(provider, monkeypatch, [_suspend(key), _reactivate(key, note="")])
    assert row["suspended"] is False
    assert row["suspended_on"] is None
    assert row["suspension_reason_code"] == "" and row["suspension_note"] == ""


def test_a_review_suspending_a_suspended_relationship_keeps_its_classification(
    provider, monkeypatch
):
    staff = get_user_model().objects.create_user("analyst-rel-sql", password="x", is_staff=True)
    key = Actor.application(key_id=provider.key_id, provider_id=provider.id)
    steps = [
        _suspend(key, reason="suspected-fraud", note="first"),
        _suspend_from_review(Actor.user(staff), "compliance-review", "from review", "rev_1"),
    ]
    (row, actions), _, _ = _both(provider, monkeypatch, steps)
    assert row["suspension_reason_code"] == "suspected-fraud"
    assert row["suspension_note"] == "first"
    assert actions[1]["review_id"] == "rev_1"
    assert actions[1]["reason_code"] == "compliance-review"
    assert actions[1]["actor_kind"] == "user" and actions[1]["actor_user_id"] == str(staff.pk)
    assert actions[0]["actor_application_key_id"] == provider.key_id


def test_the_version_and_times_written_are_the_services(provider, monkeypatch):
    """The one statement writes the instance's own values (no database clock)."""
    create_participant(provider, externalID="rel-times")
    enrollment = _enrollment(provider, "rel-times")
    key = Actor.application(key_id=provider.key_id, provider_id=provider.id)
    with monkeypatch.context() as patched:
        patched.setattr(relationship_sql, "applies", lambda: True)
        returned, action = _suspend(key)(enrollment.pk)
    stored = Enrollment.objects.get(pk=enrollment.pk)
    assert stored.relationship_version_id == returned.relationship_version_id
    assert stored.suspended_on == returned.suspended_on == action.created_on
    assert stored.updated_on == returned.updated_on
