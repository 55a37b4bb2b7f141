"""On PostgreSQL a participant create inserts the participant, its enrollment, phones and
emails in one statement (participants.create_sql); the ORM's path, which SQLite takes, is an
insert per table. Here both run on PostgreSQL, from the service, and are held to the same
stored rows, the same refusal of a taken externalID, and no value cut short."""

from datetime import date

import pytest
from django.db import DataError, connection, transaction
from django.test.utils import CaptureQueriesContext

from common.errors import DuplicateExternalID
from participants import create_sql, services
from participants.models import Email, Enrollment, Participant, Phone
from participants.services import NewFundingSource, NewParticipant

pytestmark = pytest.mark.postgres

# Differ by construction between two creates: keys and the clock.
OWN = {"id", "participant_id", "enrollment_id", "created_on", "updated_on"}
OWN_ENROLLMENT = OWN | {"external_id", "relationship_version_id", "profile_version_id"}


def _data(external_id: str, **overrides) -> NewParticipant:
    fields = {
        "external_id": external_id,
        "given_name": "Zoë",
        "middle_name": "Ælfrida",
        "family_name": 'O\'Brien "Jr" \\ 東京',
        "nick_name": "💸",
        "date_of_birth": date(1990, 2, 28),
        "address_line1": "1 Main St",
        "address_line2": "Apt 4",
        "city": "Springfield",
        "state_or_province": "IL",
        "postal_code": "62701",
        "country": "US",
        "phones": (("1", "4155550123"), ("44", "7700900123")),
        "emails": ("zoe@example.com", "ZOE+work@Example.org"),
    }
    return NewParticipant(**{**fields, **overrides})


def _row(instance, skip) -> dict:
    return {
        f.attname: getattr(instance, f.attname)
        for f in type(instance)._meta.concrete_fields
        if f.attname not in skip
    }


def _stored(enrollment_id: int) -> dict:
    enrollment = Enrollment.objects.select_related("participant").get(pk=enrollment_id)
    return {
        "participant": _row(enrollment.participant, OWN),
        "enrollment": _row(enrollment, OWN_ENROLLMENT),
        "phones": [_row(p, OWN) for p in Phone.objects.filter(enrollment_id=enrollment_id)],
        "emails": [_row(e, OWN) for e in Email.objects.filter(enrollment_id=enrollment_id)],
    }


def _create(provider, data, *, sql: bool, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(create_sql, "applies", lambda: sql)
        with CaptureQueriesContext(connection) as queries, transaction.atomic():
            enrollment = services.create_participant(provider=provider.provider, data=data)
    return enrollment, len(queries)


def _both(provider, monkeypatch, **overrides):
    by_sql, sql_count = _create(
        provider, _data("by-sql", **overrides), sql=True, monkeypatch=monkeypatch
    )
    by_orm, orm_count = _create(
        provider, _data("by-orm", **overrides), sql=False, monkeypatch=monkeypatch
    )
    stored = _stored(by_sql.pk)
    assert stored == _stored(by_orm.pk)
    return by_sql, stored, orm_count - sql_count


def test_the_one_statement_stores_what_the_orm_stores(provider, monkeypatch):
    enrollment, stored, saved = _both(provider, monkeypatch)
    assert saved == 3  # the enrollment, the phones and the emails rode on the participant's
    assert stored["participant"]["status"] == Participant.Status.PENDING
    assert stored["enrollment"]["family_name"] == 'O\'Brien "Jr" \\ 東京'
    assert stored["enrollment"]["date_of_birth"] == date(1990, 2, 28)
    assert [p["e164"] for p in stored["phones"]] == ["+14155550123", "+447700900123"]
    assert [e["email"] for e in stored["emails"]] == ["zoe@example.com", "ZOE+work@Example.org"]
    # What the service returns is the stored row, saved, with its participant.
    assert not enrollment._state.adding and not enrollment.participant._state.adding
    assert Enrollment.objects.get(pk=enrollment.pk).participant_id == enrollment.participant_id
    assert Participant.objects.get(pk=enrollment.participant_id).created_on == (
        enrollment.participant.created_on
    )


def test_no_emails_no_birth_date_and_defaults(provider, monkeypatch):
    _, stored, _ = _both(
        provider, monkeypatch, emails=(), middle_name="", date_of_birth=None, address_line2=""
    )
    assert stored["emails"] == []
    assert stored["enrollment"]["date_of_birth"] is None
    assert stored["enrollment"]["suspended"] is False
    assert stored["enrollment"]["suspended_on"] is None


def test_funding_sources_follow_the_statement(provider, monkeypatch):
    source = NewFundingSource(
        provider_source_id="acct-1",
        display_name="Checking",
        funding_type="bank_account",
        last4="6789",
    )
    enrollment, _, _ = _both(provider, monkeypatch, funding_sources=(source,))
    assert list(enrollment.funding_sources.values_list("provider_source_id", "last4")) == [
        ("acct-1", "6789")
    ]


@pytest.mark.parametrize("sql", [True, False])
def test_a_taken_external_id_is_refused_and_nothing_is_left(provider, monkeypatch, sql):
    _create(provider, _data("taken"), sql=sql, monkeypatch=monkeypatch)
    participants, phones = Participant.objects.count(), Phone.objects.count()
    with pytest.raises(DuplicateExternalID):
        _create(provider, _data("taken"), sql=sql, monkeypatch=monkeypatch)
    assert (Participant.objects.count(), Phone.objects.count()) == (participants, phones)


def test_a_value_too_long_for_its_column_is_refused_not_cut(provider, monkeypatch):
    with pytest.raises(DataError):
        _create(provider, _data("long", city="x" * 256), sql=True, monkeypatch=monkeypatch)
    with pytest.raises(DataError):
        _create(
            provider, _data("long-email", emails=("a" * 321,)), sql=True, monkeypatch=monkeypatch
        )
    assert not Enrollment.objects.filter(external_id__startswith="long").exists()
