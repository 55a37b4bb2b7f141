"""Demo risk data, made by the risk engine and the review services (nothing written by hand):

- Paula Ortega is on the demo PEP list: her signup went to review (pending, assessment linked);
- Rafael Lima too, and his review was closed with no action;
- Alice signed in from her phone (a sign-in assessment with a device observation);
- three large payouts from one phone to one stranger's number, each by someone enrolled minutes
  earlier (a fraud ring): one held by a pending payment review, one approved, one rejected
  (cancelled, its hold released);
- Priya, the rejected sender, signed in from San Francisco and from Lisbon, and her provider
  opened a participant review of her ("Sign-ins from two countries").

The ring is real in the data: its three senders used one device (the same device ID, from one
address). Alice is a namesake of that device, innocent: the same iPhone model and iOS version
in the same city, but her own device ID on another network, so nothing links her to them.

Relies on the starter rules (installed here when the database has no rule at all); an analyst's
own rules decide otherwise. Idempotent: people by externalID, the sign-in once, payouts by memo.
"""

from dataclasses import replace
from datetime import date

from common.actors import Actor
from common.devices import Device
from demo import people
from demo.waiting import settled
from participants import selectors as participant_selectors
from payments import services as payment_services
from payments.models import Payment
from providers.models import Provider
from reviews import screening
from reviews.models import ParticipantReview, PaymentReview
from reviews.services import participant_reviews, payment_reviews
from risk import services as risk_services
from risk import starter
from risk.models import RiskAssessment, RiskRule

ANALYST = Actor(kind="system", display_name="demo seed")

# The listed people's attributes let the analyst rule Paula's namesake out: the listed Paula
# Ortega was born in 1961 and sits in Spain; the demo's Paula was born in 1988 and lives in the
# US.
PEP_LIST = [
    ("pep_name", "Paula Ortega", "medium", "Demo: member of a regional parliament", {
        "date_of_birth": date(1961, 3, 14), "country": "ES",
        "role": "Member of a regional parliament", "source_list": "Demo PEP list",
        "listed_on": date(2019, 6, 1),
    }),
    ("pep_name", "Rafael Lima", "medium", "Demo: former city councillor", {
        "country": "BR", "role": "Former city councillor", "source_list": "Demo PEP list",
        "listed_on": date(2016, 1, 15),
    }),
]  # fmt: skip
BIRTH_DATES = {"demo-paula": date(1988, 9, 2)}
# (externalID, given, family, phone national number)
PEOPLE = [
    ("demo-paula", "Paula", "Ortega", "4155550114"),
    ("demo-rafael", "Rafael", "Lima", "4155550115"),
    ("demo-nadia", "Nadia", "Haddad", "4155550116"),
    ("demo-oscar", "Oscar", "Lindqvist", "4155550117"),
    ("demo-priya", "Priya", "Shah", "4155550118"),
]
# The ring's one phone; Alice's is the same model, OS and city, and another device.
RING_PHONE = Device(
    device_type="mobile",
    model="iPhone 15",
    os="iOS",
    os_version="18.1",
    city="San Francisco",
    region="CA",
    device_id="ios-inst-3f9a1c7e",
    ip_address="203.0.113.45",
    user_agent="DemoWallet/4.2 (iPhone; iOS 18.1)",
)
ALICE_PHONE = replace(RING_PHONE, device_id="ios-inst-a11ce042", ip_address="198.51.100.23")
LAPTOP = Device(
    device_type="desktop",
    model="MacBook Air",
    os="macOS",
    os_version="15.1",
    device_id="web-inst-5b2d90aa",
    ip_address="192.0.2.140",
    user_agent="Mozilla/5.0 (Macintosh; Intel Mac OS X 15_1) Safari/605.1.15",
)
ABROAD = Device(
    device_type="mobile",
    model="Galaxy S24",
    os="Android",
    os_version="15",
    city="Lisbon",
    region="Lisboa",
    device_id="and-inst-77e4b013",
    ip_address="2001:db8:4c1:20::17",
    user_agent="DemoWallet/4.2 (Linux; Android 15; SM-S921B)",
)
TWO_COUNTRIES = "Sign-ins from two countries"

# (memo, sender, amount minor, resolution or None, notes)
PAYOUTS = [
    ("Used car deposit", "demo-nadia", 80000, None, ""),
    ("Equipment purchase", "demo-oscar", 80000, "approved", "Invoice checked with the sender"),
    ("Crypto exchange top-up", "demo-priya", 85000, "rejected", "Recipient linked to a scam"),
]
STRANGER = "+14155550188"


def _rules_and_lists() -> None:
    rules = () if RiskRule.objects.exists() else starter.RULES
    risk_services.install_missing(
        rules=rules, entries=PEP_LIST, actor=ANALYST, reason="Demo seed: starter rules, PEP list"
    )


def _close_signup_review(enrollment) -> None:
    review = ParticipantReview.objects.filter(
        enrollment=enrollment, status=ParticipantReview.Status.PENDING
    ).first()
    if review is not None:
        participant_reviews.resolve_no_action(
            provider_id=enrollment.provider_id,
            review_id=review.pk,
            reason="Verified: left office in 2019, low exposure",
            expected_version_id=review.version_id,
            actor=ANALYST,
        )


def _sign_in(provider: Provider, external_id: str, device: Device) -> None:
    enrollment = participant_selectors.get_enrollment(provider.id, external_id)
    signed_in = RiskAssessment.objects.filter(
        participant_id=enrollment.participant_id, event=RiskAssessment.Event.SIGN_IN
    ).exists()
    if not signed_in:
        screening.assess_sign_in(enrollment, device=device)


def _two_countries(provider: Provider) -> None:
    """Priya signs in at home and abroad; her provider opens a review of her (as it would over
    the API) once."""
    enrollment = participant_selectors.get_enrollment(provider.id, "demo-priya")
    if ParticipantReview.objects.filter(enrollment=enrollment, reason=TWO_COUNTRIES).exists():
        return
    for device in (RING_PHONE, ABROAD):
        screening.assess_sign_in(enrollment, device=device)
    participant_reviews.open_or_add(
        enrollment_id=enrollment.pk, reason=TWO_COUNTRIES, actor=ANALYST
    )


def _payout(provider: Provider, payout: tuple, wait_seconds: float) -> None:
    memo, sender, amount, resolution, notes = payout
    payout = payment_services.create_payout(
        data=payment_services.NewPayout(
            provider_id=provider.id,
            sender=sender,
            recipient_phone=STRANGER,
            amount_minor=amount,
            currency="USD",
            memo=memo,
            device=RING_PHONE,
        ),
        actor=ANALYST,
    )
    payout = settled(payout, within=wait_seconds)  # its authorize, with workers
    review = PaymentReview.objects.filter(payment_id=payout.id).first()
    if resolution and review is not None:
        payment_reviews.resolve_payment_review(
            provider_id=provider.id,
            review_id=review.pk,
            resolution=resolution,
            notes=notes,
            actor=ANALYST,
        )


def seed(provider: Provider, *, with_payouts: bool, wait_seconds: float) -> None:
    """Create whatever demo risk data is missing. Payouts need the provider's ledger
    (`with_payouts` says whether the sandbox ledger answers); with workers each one's
    authorize is waited for, at most `wait_seconds`."""
    _rules_and_lists()
    for external_id, given, family, number in PEOPLE:
        enrollment, created = people.enroll(
            provider,
            external_id,
            given,
            family,
            ("1", number),
            country="US",
            sources=(people.bank_account(external_id, given, number[-4:]),),
            date_of_birth=BIRTH_DATES.get(external_id),
        )
        if created and external_id == "demo-rafael":
            _close_signup_review(enrollment)
    _sign_in(provider, "demo-alice", ALICE_PHONE)
    _sign_in(provider, "demo-nadia", LAPTOP)
    if not with_payouts:
        return
    for payout in PAYOUTS:
        if not Payment.objects.filter(initiator_provider=provider, memo=payout[0]).exists():
            _payout(provider, payout, wait_seconds)
    _two_countries(provider)
