"""On PostgreSQL customer evidence is read by two statements built once per process
(risk.signals_sql): a profile's active contacts in one round trip (the ORM takes two), and the list
entries among every kind's candidates. SQLite keeps the ORM's reads. Both run here on
PostgreSQL and are held to the same profile and the same signals, matches and attributes."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from participants.models import Email, Phone
from risk import signals_sql
from risk.models import RiskListEntry
from risk.signals import matches_of, profile_of, read_signals
from tests.payments.factories import enroll

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def _evidence(enrollment, *, sql: bool, monkeypatch) -> tuple:
    with monkeypatch.context() as patched:
        patched.setattr(signals_sql, "applies", lambda: sql)
        with CaptureQueriesContext(connection) as profile_queries:
            profile = profile_of(enrollment)
        with CaptureQueriesContext(connection) as list_queries:
            signals = read_signals(profile)
    counts = (len(profile_queries), len(list_queries))
    return profile, {str(k): v.level for k, v in signals.items()}, matches_of(signals), counts


def _both(enrollment, monkeypatch):
    *by_sql, sql_counts = _evidence(enrollment, sql=True, monkeypatch=monkeypatch)
    *by_orm, orm_counts = _evidence(enrollment, sql=False, monkeypatch=monkeypatch)
    assert by_sql == by_orm
    # SQLite reads the names lists' entries for near matches apart (and the matched one's
    # attributes); PostgreSQL in the one statement.
    assert sql_counts == (1, 1) and orm_counts[0] == 2 and orm_counts[1] >= 2
    return by_sql


def _entry(kind, value, level, **attributes):
    return RiskListEntry.objects.create(kind=kind, value=value, level=level, **attributes)


def test_the_statements_read_what_the_orm_reads(provider, monkeypatch):
    alice = enroll(provider.provider)
    alice.given_name, alice.middle_name, alice.family_name = "Zoë", "O'Brien", "Ñúñez"
    alice.save()
    _both(alice, monkeypatch)  # the phones the factory gave, no email, nothing listed
    for n, email in enumerate(["Ada@Example.com", "ada@eu.mailinator.com", "x@corp.example"]):
        Email.objects.create(
            enrollment=alice, email=email, disabled_on=None if n < 2 else timezone.now()
        )
    for n, e164 in enumerate(["+447700900123", "+14155550199", "+33612345678"]):
        Phone.objects.create(
            enrollment=alice, country_code="", number="", e164=e164,
            disabled_on=timezone.now() if n == 2 else None,
        )  # fmt: skip
    other = enroll(provider.provider)
    Email.objects.create(enrollment=other, email="mule@example.com")
    _entry("email_domain", "Mailinator.COM", "high")
    _entry("email_domain", "corp.example", "very_high")  # only a disabled email is there
    _entry("email", "ADA@example.com", "medium", source_list="internal")
    _entry("email", "mule@example.com", "very_high")  # another participant's
    _entry("phone_prefix", "+4477", "high")
    _entry("phone_prefix", "+336", "very_high")  # only a disabled phone has it
    _entry("country", alice.country.lower() or "us", "medium")
    _entry(
        "sanctioned_name", "zoë o'brien ñúñez", "very_high",
        date_of_birth=date(1980, 2, 29), country="GB", source_list="OFAC SDN",
        listed_on=date(2021, 6, 1),
    )  # fmt: skip
    _entry("pep_name", "ZOE  NUNEZ", "high", role="Minister")  # case, spacing, accents ignored
    profile, levels, matches = _both(alice, monkeypatch)
    assert profile.emails == ("ada@example.com", "ada@eu.mailinator.com")
    assert profile.phones[1:] == ("+447700900123", "+14155550199")  # after the factory's
    assert levels["emailDomainLevel"] == "high" and levels["emailLevel"] == "medium"
    assert levels["phoneLevel"] == "high" and levels["pepLevel"] == "high"
    assert matches["sanctionLevel"]["attributes"] == {
        "dateOfBirth": "1980-02-29",
        "country": "GB",
        "sourceList": "OFAC SDN",
        "listedOn": "2021-06-01",
    }


def test_the_near_matches_read_by_the_trigram_index_are_the_orms(provider, monkeypatch):
    for value, level in (("Ivan Petrov", "very_high"), ("Ivana Petrovna", "high")):
        _entry("sanctioned_name", value, level)
    _entry("sanctioned_name", "Ivan Petrovv", "low")  # rated low: never near-matched
    _entry("pep_name", "Ivan Petrova", "medium")
    _entry("pep_name", "Ada Lovelace", "high")
    ivan = enroll(provider.provider, given="Ivan", family="Petrof")
    _, levels, matches = _both(ivan, monkeypatch)
    assert (levels["sanctionLevel"], levels["pepLevel"]) == ("medium", "medium")
    assert matches["sanctionLevel"]["entry"] == "Ivan Petrov"
    assert matches["sanctionLevel"]["similarity"] == 90.9
    assert matches["pepLevel"]["entry"] == "Ivan Petrova"
    ada = enroll(provider.provider, given="Ada", family="Lovelace")
    assert _both(ada, monkeypatch)[1]["pepLevel"] == "high"  # the same name: its own level
