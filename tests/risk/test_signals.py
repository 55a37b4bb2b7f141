"""Customer evidence comes from the risk lists: a listed value has its entry's level, an
unlisted one is low, nothing to read is unknown."""

import pytest
from django.utils import timezone

from participants.models import Email, Phone
from risk.signals import as_evidence, customer_signals, profile_of
from tests.payments.factories import enroll
from tests.risk.rules import listed

pytestmark = pytest.mark.django_db


def signals(enrollment) -> dict:
    return {str(key): str(value) for key, value in customer_signals(profile_of(enrollment)).items()}


def add_email(enrollment, email, **fields):
    Email.objects.create(enrollment=enrollment, email=email, **fields)


def add_phone(enrollment, e164, **fields):
    Phone.objects.create(enrollment=enrollment, country_code="", number="", e164=e164, **fields)


def test_an_unlisted_profile_is_low_and_a_missing_email_unknown(provider):
    alice = enroll(provider.provider)
    assert signals(alice) == {
        "addressRiskLevel": "low",
        "emailDomainLevel": "unknown",
        "emailLevel": "unknown",
        "pepLevel": "low",
        "phoneLevel": "low",
        "sanctionLevel": "low",
    }


def test_a_profile_without_active_phones_has_an_unknown_phone_level(provider):
    alice = enroll(provider.provider)
    alice.phones.update(disabled_on=timezone.now())
    assert signals(alice)["phoneLevel"] == "unknown"


def test_the_address_country_is_rated_by_its_list_entry(provider):
    listed("country", "us", "high")  # compared case-insensitively
    assert signals(enroll(provider.provider))["addressRiskLevel"] == "high"


def test_emails_and_their_domains_take_the_riskiest_listed_level(provider):
    listed("email_domain", "mailinator.com", "high")
    listed("email_domain", "corp.example", "medium")
    listed("email", "Mule@Example.com", "very_high")
    alice = enroll(provider.provider)
    add_email(alice, "ada@example.com")
    assert signals(alice)["emailDomainLevel"] == "low"
    assert signals(alice)["emailLevel"] == "low"
    add_email(alice, "ada@eu.mailinator.com")  # a subdomain of a listed domain
    add_email(alice, "mule@example.com")
    add_email(alice, "x@corp.example", disabled_on=timezone.now())  # removed: not read
    got = signals(alice)
    assert got["emailDomainLevel"] == "high" and got["emailLevel"] == "very_high"


def test_the_most_specific_domain_entry_wins(provider):
    listed("email_domain", "example.org", "high")
    listed("email_domain", "trusted.example.org", "low")
    alice = enroll(provider.provider)
    add_email(alice, "ada@trusted.example.org")
    assert signals(alice)["emailDomainLevel"] == "low"


def test_the_phone_level_is_the_longest_matching_prefix(provider):
    listed("phone_prefix", "+1", "medium")
    listed("phone_prefix", "+1415", "high")
    listed("phone_prefix", "+1415555", "low")
    alice = enroll(provider.provider, phone="4155550123")
    assert signals(alice)["phoneLevel"] == "low"  # +1415555… is the longest match
    bob = enroll(provider.provider, phone="4165550123")
    assert signals(bob)["phoneLevel"] == "medium"  # only +1 matches
    add_phone(bob, "+14155510000")
    assert signals(bob)["phoneLevel"] == "high"  # the riskiest of its phones


def test_sanction_and_pep_lists_match_the_full_name(provider):
    listed("sanctioned_name", "Ivan Petrov", "very_high")
    listed("pep_name", "maria elena costa", "medium")
    ivan = enroll(provider.provider, given=" IVAN ", family="petrov")  # case and spaces ignored
    assert signals(ivan)["sanctionLevel"] == "very_high"
    assert signals(ivan)["pepLevel"] == "low"
    maria = enroll(provider.provider, given="Maria", family="Costa")
    assert signals(maria)["pepLevel"] == "low"
    maria.middle_name = "Elena"  # the full name includes the middle name
    assert signals(maria)["pepLevel"] == "medium"


def test_signals_are_stored_in_the_contracts_order(provider):
    evidence = as_evidence(customer_signals(profile_of(enroll(provider.provider))))
    assert [item["key"] for item in evidence] == [
        "addressRiskLevel",
        "emailDomainLevel",
        "emailLevel",
        "pepLevel",
        "phoneLevel",
        "sanctionLevel",
    ]
