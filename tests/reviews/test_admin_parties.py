"""The parties of a review and their links, on both review pages: the recipient's senders with
their enrollment ages, the participant's payments in and out (rejected and failed too), devices
and sign-ins, other assessments, earlier reviews and shared signals; each page's query count
does not grow with the rows it shows."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.devices import network_of
from participants.models import Enrollment
from risk.models import DeviceObservation, RiskAssessment
from tests.payments.factories import enroll, make_payment
from tests.reviews.admin_support import logged_in
from tests.reviews.factories import cleared, payout_in_review, pending_review
from tests.risk.factories import assessment

pytestmark = pytest.mark.django_db

RING_PHONE = "+14155550188"


def payment_page(review) -> str:
    return f"/admin/reviews/paymentreview/{review.pk}/change/"


def participant_page(review) -> str:
    return f"/admin/reviews/participantreview/{review.pk}/change/"


def enrolled_ago(enrollment, minutes: int) -> None:
    Enrollment.objects.filter(pk=enrollment.pk).update(
        created_on=timezone.now() - timedelta(minutes=minutes)
    )


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    return page[start : page.index('<div class="module', start + 1)]


def count_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
        assert response.status_code == 200
    return len(captured)


def signed_in(
    enrollment, *, model="iPhone 15", city="San Francisco", device_id="", ip_address=None
) -> RiskAssessment:
    found = assessment(
        provider_id=enrollment.provider_id,
        participant_id=enrollment.participant_id,
        event=RiskAssessment.Event.SIGN_IN,
        decision="allow",
        score=20.0,
    )
    DeviceObservation.objects.create(
        assessment=found,
        observed_on=timezone.now(),
        device_type="mobile",
        model=model,
        os="iOS",
        os_version="18.1",
        city=city,
        device_id=device_id,
        ip_address=ip_address,
        network=network_of(ip_address or ""),
    )
    return found


def busy(provider, sender, *, n: int) -> None:
    """`n` of everything the parties' panels list, around `sender`."""
    for i in range(n):
        other = enroll(provider, given=f"Ring{i}", family="Member")
        make_payment(other, phone=RING_PHONE, amount_minor=80000)  # a sender to the recipient
        make_payment(sender, phone=f"+1415555{i:04d}", status="failed")  # a payment out
        # A device and a sign-in, shared with another participant by its ID and network.
        address = f"198.51.100.{i + 1}"
        signed_in(sender, model=f"Phone {i}", device_id=f"inst-{i}", ip_address=address)
        signed_in(other, model=f"Phone {i}", device_id=f"inst-{i}", ip_address=address)
        assessment(provider_id=provider.pk, participant_id=sender.participant_id)
        cleared(pending_review(provider, sender))  # an earlier review


def test_the_payout_page_shows_the_recipients_senders_with_their_enrollment_ages(provider, analyst):
    priya = enroll(provider.provider, given="Priya", family="Shah")
    oscar = enroll(provider.provider, given="Oscar", family="Lindqvist")
    make_payment(priya, phone=RING_PHONE, amount_minor=85000, status="cancelled")
    make_payment(oscar, phone=RING_PHONE, amount_minor=80000)
    payout, review = payout_in_review(provider.provider)
    payout.counterparty_phone = RING_PHONE
    payout.save(update_fields=["counterparty_phone"])
    enrolled_ago(payout.initiator_enrollment, 3)
    enrolled_ago(priya, 5)
    enrolled_ago(oscar, 125)
    pending_review(provider.provider, priya, reason="Sign-ins from two countries")

    page = logged_in(analyst).get(payment_page(review)).content.decode()
    senders = section(page, "recipient-senders")
    assert "Priya Shah" in senders and "Oscar Lindqvist" in senders and "Ada Lovelace" in senders
    assert "this payout" in senders
    assert "850.00 USD" in senders and "800.00 USD" in senders
    assert "2 hours" in senders  # Oscar: enrolled about two hours before he sent
    assert "participant review" in senders  # Priya's own open review, linked
    assert "cancelled" in senders


def test_the_participant_page_shows_payments_devices_sign_ins_and_shared_signals(provider, analyst):
    priya = enroll(provider.provider, given="Priya", family="Shah")
    nadia = enroll(provider.provider, given="Nadia", family="Haddad")
    rejected, _ = payout_in_review(provider.provider)  # someone else's, reviewed
    out = make_payment(priya, phone=RING_PHONE, amount_minor=85000, status="cancelled")
    make_payment(nadia, phone=RING_PHONE, amount_minor=80000)
    failed = make_payment(priya, phone="+14155550999", status="payout_failed")
    signed_in(priya, city="Lisbon", device_id="inst-ring")
    signed_in(nadia, device_id="inst-ring")
    review = pending_review(provider.provider, priya, reason="Sign-ins from two countries")

    page = logged_in(analyst).get(participant_page(review)).content.decode()
    payments = section(page, "party-payments")
    assert out.pk in payments and failed.pk in payments and rejected.pk not in payments
    assert "850.00 USD" in payments and "payout failed" in payments
    devices = section(page, "party-devices")
    assert "iPhone 15" in devices and "Lisbon" in devices and 'id="sign-ins"' in devices
    assert "inst-ring" in devices
    shared = section(page, "shared-signals")
    assert "Nadia Haddad" in shared
    assert "same device inst-ring (iPhone 15 iOS)" in shared and f"sent to {RING_PHONE}" in shared


@pytest.mark.parametrize("kind", ["payment", "participant"])
def test_a_review_page_costs_the_same_queries_for_many_rows(provider, analyst, kind):
    client = logged_in(analyst)
    payout, payment_review = payout_in_review(provider.provider)
    payout.counterparty_phone = RING_PHONE
    payout.save(update_fields=["counterparty_phone"])
    sender = payout.initiator_enrollment
    if kind == "payment":
        url = payment_page(payment_review)
    else:
        url = participant_page(pending_review(provider.provider, sender))
    busy(provider.provider, sender, n=1)
    few = count_queries(client, url)
    busy(provider.provider, sender, n=12)
    page = client.get(url).content.decode()
    assert page.count("Ring1") >= 2  # the new rows are on the page (senders, shared)
    assert count_queries(client, url) == few
