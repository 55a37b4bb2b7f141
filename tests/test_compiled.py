"""common.compiled.CompiledRead: an ORM read compiled once, run with each call's values. It
returns what the ORM's queryset returns (fields, deferred columns, select_related parties,
annotations), in one statement; it refuses at the first call a queryset whose values do not
reach the statement unchanged; and it keeps the ORM's guard on locks outside a transaction.
The tests not marked postgres also run on SQLite, where every call is the ORM's own."""

from datetime import datetime, timedelta

import pytest
from django.db import connection, transaction
from django.db.models import F, Value
from django.db.models.functions import Concat
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.compiled import CompiledRead, NotCompilable
from participants.models import Enrollment
from tests.payments.factories import enroll

pytestmark = pytest.mark.django_db


def _fields(obj) -> dict:
    return {
        f.attname: getattr(obj, f.attname)
        for f in type(obj)._meta.concrete_fields
        if f.attname not in obj.get_deferred_fields()
    }


def _same(compiled: list, orm: list) -> None:
    assert [type(o) for o in compiled] == [type(o) for o in orm]
    assert [_fields(o) for o in compiled] == [_fields(o) for o in orm]
    assert [o.get_deferred_fields() for o in compiled] == [o.get_deferred_fields() for o in orm]
    assert all(not o._state.adding and o._state.db == "default" for o in compiled)


def test_a_read_returns_what_the_orm_returns_and_builds_its_queryset_once(provider):
    people = [enroll(provider.provider, external_id=f"c-{n}") for n in range(3)]
    built = []

    def build(provider_id, external_id):
        built.append(external_id)
        return Enrollment.objects.filter(provider_id=provider_id, external_id=external_id)

    read = CompiledRead(build, str, str)
    for person in [*people, *people]:
        with CaptureQueriesContext(connection) as queries:
            found = read.all(provider.id, person.external_id)
        assert len(queries) == 1
        _same(found, list(build(provider.id, person.external_id)))
        assert found[0].pk == person.pk
    assert read.first(provider.id, "nobody") is None
    if connection.vendor == "postgresql":
        # Routing once, then the two compilations; never again per call.
        assert len([b for b in built if "compiled-sample" in b]) == 3


def test_parties_deferred_columns_and_annotations_are_the_orms(provider):
    person = enroll(provider.provider, external_id="parties")

    def build(enrollment_id):
        return (
            Enrollment.objects.select_related("participant", "provider")
            .only("external_id", "participant__status", "provider__name")
            .annotate(label=Concat(F("external_id"), Value("!")))
            .filter(pk=enrollment_id)
        )

    found = CompiledRead(build, int).first(person.pk)
    orm = build(person.pk).get()
    _same([found], [orm])
    _same([found.participant], [orm.participant])
    _same([found.provider], [orm.provider])
    assert found.label == orm.label == "parties!"
    with CaptureQueriesContext(connection) as queries:
        assert found.participant.status and found.provider.name
    assert len(queries) == 0  # the parties came with the row


def test_datetimes_and_ordering_reach_the_statement(provider):
    people = [enroll(provider.provider, external_id=f"t-{n}") for n in range(4)]
    read = CompiledRead(
        lambda provider_id, since: Enrollment.objects.filter(
            provider_id=provider_id, created_on__gte=since
        ).order_by("-external_id"),
        str,
        datetime,
    )
    for since in (timezone.now() - timedelta(days=1), timezone.now() + timedelta(days=1)):
        expected = list(
            Enrollment.objects.filter(provider_id=provider.id, created_on__gte=since).order_by(
                "-external_id"
            )
        )
        _same(read.all(provider.id, since), expected)
    assert [e.external_id for e in read.all(provider.id, timezone.now() - timedelta(days=1))] == [
        p.external_id for p in reversed(people)
    ]


@pytest.mark.postgres
def test_values_the_orm_transforms_are_refused_at_the_first_call(provider):
    cases = [
        CompiledRead(lambda name: Enrollment.objects.filter(external_id__icontains=name), str),
        CompiledRead(lambda name: Enrollment.objects.filter(external_id__startswith=name), str),
        CompiledRead(lambda name: Enrollment.objects.filter(external_id="fixed"), str),
        CompiledRead(lambda n: Enrollment.objects.filter(pk=n).values("pk"), int),
        CompiledRead(lambda n: Enrollment.objects.filter(pk=n).using("default"), int),
    ]
    for read in cases:
        with pytest.raises(NotCompilable):
            read.all(*(["a"] if read._types == (str,) else [1]))


def test_values_of_another_type_are_refused(provider):
    read = CompiledRead(lambda n: Enrollment.objects.filter(pk=n), int)
    with pytest.raises(TypeError):
        read.all("1")
    with pytest.raises(TypeError):
        read.all()
    with pytest.raises(TypeError):
        CompiledRead(lambda n: Enrollment.objects.filter(pk=n), float)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused_as_the_orm_refuses_it(provider):
    person = enroll(provider.provider, external_id="locked")
    read = CompiledRead(lambda n: Enrollment.objects.select_for_update().filter(pk=n), int)
    with transaction.atomic():
        assert read.first(person.pk).pk == person.pk  # compiled inside a transaction
    with pytest.raises(TransactionManagementError):
        read.first(person.pk)


def test_counts_and_existence_are_the_orms(provider):
    for n in range(4):
        enroll(provider.provider, external_id=f"n-{n}")

    def build(provider_id, prefix_excluded):
        return Enrollment.objects.filter(provider_id=provider_id).exclude(
            external_id=prefix_excluded
        )

    read = CompiledRead(build, str, str)
    for excluded in ("n-0", "nobody"):
        with CaptureQueriesContext(connection) as queries:
            counted, found = read.count(provider.id, excluded), read.exists(provider.id, excluded)
        assert len(queries) == 2
        assert counted == build(provider.id, excluded).count() and counted in (3, 4)
        assert found is build(provider.id, excluded).exists() is True
    assert read.count("prv_nobody", "x") == 0 and read.exists("prv_nobody", "x") is False
    sliced = CompiledRead(lambda p: Enrollment.objects.filter(provider_id=p)[:2], str)
    assert sliced.count(provider.id) == 2  # as the ORM counts a slice


def test_get_answers_as_the_orms_get(provider):
    one = enroll(provider.provider, external_id="g-1")
    enroll(provider.provider, external_id="g-2")
    by_id = CompiledRead(
        lambda provider_id, external_id: Enrollment.objects.filter(
            provider_id=provider_id, external_id=external_id
        ),
        str,
        str,
    )
    assert by_id.get(provider.id, "g-1").pk == one.pk
    with pytest.raises(Enrollment.DoesNotExist):
        by_id.get(provider.id, "nobody")
    of_provider = CompiledRead(
        lambda provider_id: Enrollment.objects.filter(provider_id=provider_id), str
    )
    with pytest.raises(Enrollment.MultipleObjectsReturned):
        of_provider.get(provider.id)
