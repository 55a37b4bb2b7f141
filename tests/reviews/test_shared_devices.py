"""Shared signals link participants by what identifies a device: the same device ID, the same
address, or an address in the same /24 (IPv4) or /64 (IPv6). The same phone model and OS link
nobody. Checked on the case page (the analyst's view) and in the query behind it, whose cost
is pinned."""

import pytest
from django.utils import timezone

from reviews.admin.shared_signals import DEVICES_COMPARED, shared_signals
from risk.models import DeviceObservation
from tests.payments.factories import enroll, make_payment
from tests.reviews.admin_support import logged_in
from tests.reviews.factories import payout_in_review, pending_review
from tests.reviews.test_admin_parties import (
    RING_PHONE,
    participant_page,
    payment_page,
    section,
    signed_in,
)

pytestmark = pytest.mark.django_db

# The participant review page as a whole: the session and staff checks, the review, each panel
# (tests/reviews/test_admin_parties.py says which grow with rows: none).
CASE_PAGE_QUERIES = 30


def shares(provider, enrollment) -> dict[str, list[str]]:
    """{other participantID: what it shares} as the query finds them."""
    rows = shared_signals(
        provider_id=provider.id, participant_id=enrollment.participant_id, now=timezone.now()
    )
    return {row.participant_id: row.shared for row in rows}


def case_page(analyst, provider, enrollment) -> str:
    review = pending_review(provider.provider, enrollment)
    page = logged_in(analyst).get(participant_page(review)).content.decode()
    return section(page, "shared-signals")


@pytest.fixture
def pair(provider):
    return enroll(provider.provider, given="Priya"), enroll(provider.provider, given="Nadia")


def test_the_same_model_and_os_with_different_ids_link_nobody(provider, analyst, pair):
    priya, nadia = pair
    signed_in(priya, device_id="inst-priya")
    signed_in(nadia, device_id="inst-nadia")
    signed_in(nadia)  # and without any identifier
    assert shares(provider, priya) == {}
    shared = case_page(analyst, provider, priya)
    assert "Nadia" not in shared and "No other participant shares" in shared


def test_the_same_device_id_links_them(provider, analyst, pair):
    priya, nadia = pair
    signed_in(priya, device_id="inst-ring")
    signed_in(nadia, model="iPhone 15 Pro", device_id="inst-ring")
    assert shares(provider, priya) == {
        nadia.participant_id: ["same device inst-ring (iPhone 15 Pro iOS)"]
    }
    shared = case_page(analyst, provider, priya)
    assert "Nadia" in shared and "same device inst-ring" in shared


@pytest.mark.parametrize(
    "mine, theirs, shown",
    [
        ("203.0.113.7", "203.0.113.7", "same address 203.0.113.7"),
        ("203.0.113.7", "203.0.113.200", "same network 203.0.113.0/24"),
        ("203.0.113.7", "203.0.114.7", None),
        ("2001:db8:1:2::1", "2001:db8:1:2::1", "same address 2001:db8:1:2::1"),
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::5", "same network 2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", "2001:db8:1:3::1", None),
    ],
)
def test_a_shared_network_is_the_same_address_or_its_24_or_64(
    provider, analyst, pair, mine, theirs, shown
):
    priya, nadia = pair
    signed_in(priya, device_id="inst-priya", ip_address=mine)
    signed_in(nadia, device_id="inst-nadia", ip_address=theirs)
    assert shares(provider, priya) == ({nadia.participant_id: [shown]} if shown else {})
    shared = case_page(analyst, provider, priya)
    assert ("Nadia" in shared) is bool(shown)
    if shown:
        assert shown in shared


def test_a_shared_address_is_not_also_counted_as_its_network(provider, pair):
    priya, nadia = pair
    signed_in(priya, device_id="inst-priya", ip_address="203.0.113.7")
    signed_in(nadia, device_id="inst-nadia", ip_address="203.0.113.7")
    signed_in(nadia, device_id="inst-nadia", ip_address="203.0.113.8")
    assert shares(provider, priya) == {nadia.participant_id: ["same address 203.0.113.7"]}


def test_the_shared_signals_cost_a_fixed_number_of_queries(
    provider, pair, django_assert_num_queries
):
    priya, _ = pair
    make_payment(priya, phone=RING_PHONE)
    for i in range(DEVICES_COMPARED + 5):
        other = enroll(provider.provider, given=f"Other{i}")
        signed_in(priya, device_id=f"inst-{i}", ip_address=f"198.51.100.{i}")
        signed_in(other, device_id=f"inst-{i}", ip_address=f"198.51.100.{100 + i}")
        make_payment(other, phone=RING_PHONE)
        pending_review(provider.provider, other)
    # What the participant's devices identify, then who else was seen with its device IDs,
    # its addresses and its networks; its phones, its recipients (two each); the names; the
    # open reviews (two).
    with django_assert_num_queries(11):
        rows = shared_signals(
            provider_id=provider.id, participant_id=priya.participant_id, now=timezone.now()
        )
    assert len(rows) == DEVICES_COMPARED + 5 and all(row.open_reviews for row in rows)
    # Her most recent device IDs are looked for; every address is in the one network.
    shared = sorted(len(row.shared) for row in rows)
    assert shared == [2] * 5 + [3] * DEVICES_COMPARED


def test_the_case_page_with_shared_devices_costs_a_fixed_number_of_queries(
    provider, analyst, pair, django_assert_num_queries
):
    priya, _ = pair
    review = pending_review(provider.provider, priya)
    client = logged_in(analyst)
    for i in range(DEVICES_COMPARED + 5):
        other = enroll(provider.provider, given=f"Other{i}")
        signed_in(priya, device_id=f"inst-{i}", ip_address=f"198.51.100.{i}")
        signed_in(other, device_id=f"inst-{i}", ip_address=f"198.51.100.{100 + i}")
    with django_assert_num_queries(CASE_PAGE_QUERIES):
        page = client.get(participant_page(review)).content.decode()
    assert section(page, "shared-signals").count("same device inst-") == DEVICES_COMPARED


def test_the_payout_page_and_the_assessment_show_the_device_id_and_address(provider, analyst):
    _, review = payout_in_review(provider.provider)
    DeviceObservation.objects.create(
        assessment_id=review.assessment_id,
        observed_on=timezone.now(),
        model="Pixel 8",
        device_id="and-inst-9",
        ip_address="2001:db8:1:2::7",
        network="2001:db8:1:2::/64",
        user_agent="Wallet/4.2 (Linux; Android 15)",
    )
    client = logged_in(analyst)
    page = client.get(payment_page(review)).content.decode()
    devices = page[page.index('id="devices"') : page.index("</table>", page.index('id="devices"'))]
    assert "and-inst-9" in devices and "2001:db8:1:2::7" in devices
    page = client.get(f"/admin/risk/riskassessment/{review.assessment_id}/change/")
    assert page.status_code == 200
    for shown in ("and-inst-9", "2001:db8:1:2::/64", "Wallet/4.2 (Linux; Android 15)"):
        assert shown in page.content.decode()
