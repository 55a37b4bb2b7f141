"""Screening on canonical names, over HTTP: a listed name written with look-alike letters,
invisible characters or accents is screened exactly as the name itself (denied at signup, and
a payout from it denied), a near-miss spelling goes to review with the entry and its
similarity on the analyst's case page, an unrelated name is allowed, and the names a person
gave are stored and shown as given."""

import pytest
from django.test import TestCase

from reviews.models import ParticipantReview, PaymentReview
from risk.models import RiskAssessment
from tests.participants.factories import create_participant
from tests.payments.factories import new_payout
from tests.reviews.admin_support import logged_in
from tests.risk.rules import listed, signal_rule

pytestmark = pytest.mark.django_db

# "Ivan Petrov" as an evader would type it.
LOOK_ALIKES = {
    "zero-width space": ("Iv\u200ban", "Petrov"),
    "Cyrillic a": ("Iv\u0430n", "Petrov"),
    "fullwidth I": ("\uff29van", "Petrov"),
    "soft hyphen": ("Ivan", "Pet\u00adrov"),
    "combining accent": ("Iva\u0301n", "Petrov"),
    "bidi control": ("\u202bIvan\u202c", "Petrov"),
}


def deny_sanctioned():
    """The starter sanctions rule: deny from high, at signup and payment."""
    signal_rule("sanctionLevel", "high", events=("signup", "payment"), points=100, outcome="deny")


@pytest.fixture
def sanctions():
    deny_sanctioned()
    listed("sanctioned_name", "Ivan Petrov", "very_high")


CARD = {"displayName": "Visa debit", "fundingType": "card", "providerSourceID": "card-1"}


def signup(provider, given: str, family: str) -> dict:
    """POST the participant and run its onboarding; its read and its assessments."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        created = create_participant(
            provider, givenName=given, familyName=family, fundingSources=[CARD]
        )
    participant_id = created["participantID"]
    read = provider.client.get(provider.url(f"/participants/{participant_id}")).json()
    url = provider.url(f"/participants/{participant_id}/risk-assessments")
    return {**read, "assessments": provider.client.get(url).json()["assessments"]}


def sanction_level(assessment: dict) -> str:
    signals = assessment["customerEvidence"]["signals"]
    return next(s["value"] for s in signals if s["key"] == "sanctionLevel")


def screened(read: dict) -> tuple:
    [assessment] = read["assessments"]
    return read["status"], assessment["decision"], sanction_level(assessment)


@pytest.mark.parametrize("form", LOOK_ALIKES)
def test_a_look_alike_of_a_listed_name_is_denied_like_the_name(provider, sanctions, form):
    assert screened(signup(provider, "Ivan", "Petrov")) == ("denied", "deny", "very_high")
    assert screened(signup(provider, *LOOK_ALIKES[form])) == ("denied", "deny", "very_high")


def test_an_nfkc_ligature_is_the_letters_it_joins(provider, sanctions):
    listed("sanctioned_name", "Joffrey Baratheon", "very_high")
    read = signup(provider, "Jo\ufb00rey", "Baratheon")  # "ﬀ", one character
    assert screened(read) == ("denied", "deny", "very_high")


def test_a_payout_from_a_look_alike_is_denied(sandbox_ledger, provider):
    """Enrolled before the name was listed; its payout is screened against the list now."""
    deny_sanctioned()
    read = signup(provider, "Iv\u200ban", "Petr\u043ev")  # zero-width space, Cyrillic o
    assert screened(read) == ("active", "allow", "low")
    listed("sanctioned_name", "Ivan Petrov", "very_high")
    sender = provider.provider.enrollments.get(participant_id=read["participantID"])
    payout = new_payout(provider.provider, sender, amount_minor=2500)
    assert payout.status == "denied"
    [assessment] = RiskAssessment.objects.filter(payment_id=payout.id)
    assert assessment.decision == "deny"
    assert assessment.signal_matches["sanctionLevel"]["entry"] == "Ivan Petrov"


def test_a_near_miss_spelling_goes_to_review_with_the_entry_and_similarity_shown(
    provider, sanctions, analyst
):
    read = signup(provider, "Ivan", "Petrof")
    # Not denied (the deny rule reads sanctionLevel high), not allowed: a person decides.
    assert screened(read) == ("active", "review", "medium")
    [assessment] = read["assessments"]
    assert "Name close to a sanctions list entry" in assessment["reasons"]
    review = ParticipantReview.objects.get(participant_id=read["participantID"])
    page = logged_in(analyst).get(f"/admin/reviews/participantreview/{review.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "“Ivan Petrov” on the Sanctions list" in text
    assert "a near match, 90.9 % similar" in text
    assert "matched: near match: 90.9 % similar (a review from 85 %)" in text


def test_a_payout_of_a_near_miss_is_held_for_review(sandbox_ledger, provider, sanctions):
    read = signup(provider, "Ivan", "Petrovv")
    sender = provider.provider.enrollments.get(participant_id=read["participantID"])
    payout = new_payout(provider.provider, sender, amount_minor=2500)
    assert payout.hold_active and payout.status == "authorized"
    review = PaymentReview.objects.get(payment_id=payout.id)
    assert review.assessment.decision == "review"
    assert review.assessment.signal_matches["sanctionLevel"]["similarity"] == 95.7


def test_one_letter_changed_is_a_near_match_and_an_unrelated_name_is_allowed(provider, sanctions):
    assert screened(signup(provider, "Ivan", "Petrxv")) == ("active", "review", "medium")
    assert screened(signup(provider, "Ivan", "Popov")) == ("active", "allow", "low")
    assert screened(signup(provider, "Ada", "Lovelace")) == ("active", "allow", "low")


@pytest.mark.parametrize(
    ("given", "family"),
    [
        ("Zoë", "Ñúñez"),
        ("محمد\u200cرضا", "کریمی"),  # noqa: RUF001 (the non-joiner Persian spelling needs)
        ("Иван", "Петров"),
        ("李", "小龍"),
    ],
)
def test_a_persons_name_is_stored_and_shown_as_given(provider, sanctions, given, family):
    read = signup(provider, given, family)
    assert (read["givenName"], read["familyName"]) == (given, family)
    assert read["status"] == "active"


def test_a_listed_name_in_another_script_is_screened_as_the_entry_says(provider, sanctions):
    listed("sanctioned_name", "Иван Петров", "very_high")  # stored and compared as given
    assert screened(signup(provider, "Иван", "Петров")) == ("denied", "deny", "very_high")
