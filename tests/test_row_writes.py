"""common.rows.save_fields and insert_row: `instance.save(update_fields=...)` and
`instance.save(force_insert=True)` by statements built once on PostgreSQL. Held to the ORM's
save: the same stored row, one statement, only the named columns written, a proxy's row found
through its concrete model, a key the database or the model makes, and the ORM's failure (and
rollback) when the row is gone."""

import pytest
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.actors import Actor
from common.rows import insert_row, insert_rows, save_fields, update_where
from ledger.models import CallbackAttempt, LedgerCall
from participants.models import Enrollment, RelationshipAction
from payments.models import Payment, Payout
from reviews.models import ReviewCommand
from tests.payments.factories import enroll, new_payout

pytestmark = pytest.mark.django_db


def _row(model, pk) -> dict:
    obj = model.objects.get(pk=pk)
    return {f.attname: getattr(obj, f.attname) for f in model._meta.concrete_fields}


def test_the_named_columns_are_stored_as_the_orm_stores_them(provider):
    one, two = enroll(provider.provider, external_id="one"), enroll(provider.provider)
    at = timezone.now()
    for person in (one, two):
        person.given_name, person.suspended, person.updated_on = 'Zoë "O\'Brien"', True, at
        person.family_name = "not named, not written"
    with CaptureQueriesContext(connection) as queries:
        save_fields(one, ["given_name", "suspended", "updated_on"])
    two.save(update_fields=["given_name", "suspended", "updated_on"])
    assert len(queries) == 1
    stored, by_orm = _row(Enrollment, one.pk), _row(Enrollment, two.pk)
    # Each row's own: its keys, and the version tokens each enrollment is given at creation.
    own = {"id", "participant_id", "external_id", "created_on"}
    own |= {"relationship_version_id", "profile_version_id"}
    assert {k: v for k, v in stored.items() if k not in own} == {
        k: v for k, v in by_orm.items() if k not in own
    }
    assert stored["given_name"] == 'Zoë "O\'Brien"' and stored["updated_on"] == at
    assert stored["family_name"] != "not named, not written"


def test_a_proxy_is_saved_through_its_concrete_model(provider):
    payout = new_payout(provider.provider, enroll(provider.provider))
    assert type(payout) is Payout
    payout.hold_reference = "hold-123"
    save_fields(payout, ["hold_reference"])
    assert Payment.objects.get(pk=payout.pk).hold_reference == "hold-123"


@pytest.mark.postgres
def test_a_row_that_is_gone_fails_and_rolls_the_block_back(provider):
    person = enroll(provider.provider)
    Enrollment.objects.filter(pk=person.pk).update(external_id="moved")
    person.pk = -1
    with pytest.raises(DatabaseError, match="did not affect any rows"), transaction.atomic():
        try:
            save_fields(person, ["given_name"])
        finally:
            assert transaction.get_rollback()


def test_a_row_is_inserted_as_the_orm_inserts_it(provider):
    at = timezone.now()

    def command():
        made = ReviewCommand(
            provider_id=provider.id,
            kind=ReviewCommand.Kind.OPEN,
            payload={"reason": "Zoë 東京", "n": [1, None]},
            idempotency_key="k",
            created_on=at,
            enqueued_on=at,
        )
        made.set_actor(Actor.system())
        return made

    by_row, by_orm = command(), command()
    with CaptureQueriesContext(connection) as queries:
        insert_row(by_row)
    by_orm.save(force_insert=True)
    assert len(queries) == 1 and not by_row._state.adding
    stored, orm = _row(ReviewCommand, by_row.pk), _row(ReviewCommand, by_orm.pk)
    assert by_row.pk != by_orm.pk and stored.pop("id") and orm.pop("id")
    assert stored == orm


def test_rows_are_inserted_together_as_bulk_create_inserts_them(provider):
    person = enroll(provider.provider)

    def actions(tag):
        return [
            RelationshipAction(
                enrollment=person,
                action=RelationshipAction.Action.SUSPEND,
                note=f"{tag} {n} Zoë",
                version_id=f"v{n}",
            )
            for n in range(3)
        ]

    by_rows, by_orm = actions("rows"), actions("orm")
    with CaptureQueriesContext(connection) as queries:
        insert_rows(by_rows)
    RelationshipAction.objects.bulk_create(by_orm)
    assert len(queries) == 1
    for mine, theirs in zip(by_rows, by_orm, strict=True):
        assert not mine._state.adding and mine.pk is not None
        stored, orm = _row(RelationshipAction, mine.pk), _row(RelationshipAction, theirs.pk)
        assert stored.pop("note") == mine.note and orm.pop("note") == theirs.note
        for own in ("id", "created_on"):
            stored.pop(own), orm.pop(own)
        assert stored == orm
    insert_rows([])  # nothing to insert, nothing sent


def test_rows_are_updated_where_the_orm_would_update_them(provider):
    people = [enroll(provider.provider, external_id=f"u-{n}") for n in range(3)]
    Enrollment.objects.filter(pk=people[2].pk).update(suspended_on=timezone.now())
    at = timezone.now()
    with CaptureQueriesContext(connection) as queries:
        updated = update_where(
            Enrollment,
            {"given_name": "Zoë", "updated_on": at},
            provider=provider.id,
            suspended_on=None,
        )
    assert len(queries) == 1 and updated == 2
    names = dict(Enrollment.objects.values_list("external_id", "given_name"))
    assert names["u-0"] == names["u-1"] == "Zoë" and names["u-2"] != "Zoë"
    assert Enrollment.objects.filter(updated_on=at).count() == 2
    assert update_where(Enrollment, {"given_name": "x"}, external_id="nobody") == 0


def test_a_row_partitioned_by_its_parents_time_carries_the_copy(provider):
    call = LedgerCall(
        provider_id=provider.id,
        endpoint="authorize",
        payout_id="po_x",
        idempotency_key="k",
        service={},
        reply_to="payments.tasks.on_ledger_outcome",
    )
    insert_row(call)
    attempt = CallbackAttempt(
        call=call,
        provider_id=provider.id,
        endpoint="authorize",
        payout_id="po_x",
        attempt=1,
        url="https://ledger.example/authorize",
        latency_ms=12,
        outcome=CallbackAttempt.Result.UNAVAILABLE,
        started_on=timezone.now(),
    )
    insert_row(attempt)
    stored = CallbackAttempt.objects.get(pk=attempt.pk)
    assert stored.call_created_on == call.created_on == LedgerCall.objects.get().created_on
