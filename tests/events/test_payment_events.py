"""Payment changes emit their events to every provider that owns the payment, each rendered
as that provider's payments list renders the row; nobody else hears of it."""

import pytest

from common.verdicts import RiskVerdict
from events.models import Event
from payments import services
from reviews.services import payment_reviews
from tests.events.support import events_of, only, types_of
from tests.payments.factories import enroll, new_payout, new_request
from tests.reviews.factories import payout_in_review


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20


def _row(ctx, payment_id):
    """The payments list's row with its parties named as the payout's detail names them."""
    response = ctx.client.get(ctx.url(f"/payments?paymentID={payment_id}"))
    [row] = response.json()["payments"]
    names = {"initiator": "sender", "counterparty": "recipient"}
    return {names.get(key, key): value for key, value in row.items()}


def _moves(provider_id, payment_id):
    return [
        (e.data["previousStatus"], e.data["status"])
        for e in events_of(provider_id, "payout.status_changed")
        if e.data["paymentID"] == payment_id
    ]


def test_a_payout_to_another_providers_participant_reaches_both_in_their_own_view(
    sandbox_ledger, provider, other_provider
):
    alice = enroll(provider.provider, given="Alice", family="Nguyen")
    bob = enroll(other_provider.provider, given="Bob", family="Okafor")
    payout = new_payout(provider.provider, alice)
    assert _moves(provider.id, payout.id) == [
        ("initiated", "authorized"),
        ("authorized", "accepted"),
    ]
    assert _moves(other_provider.id, payout.id) == []  # not bound yet: not theirs to see

    services.claim_payout(
        payout_id=payout.id, recipient_provider_id=other_provider.id, recipient=bob.external_id
    )
    tail = [("accepted", "claiming"), ("claiming", "completed")]
    assert _moves(provider.id, payout.id)[-2:] == tail
    assert _moves(other_provider.id, payout.id) == tail

    ours = events_of(provider.id, "payout.status_changed")[-1].data
    theirs = events_of(other_provider.id, "payout.status_changed")[-1].data
    assert ours == {**_row(provider, payout.id), "previousStatus": "claiming"}
    assert theirs == {**_row(other_provider, payout.id), "previousStatus": "claiming"}
    assert ours["sender"]["externalID"] == alice.external_id
    assert "externalID" not in ours["recipient"]
    assert theirs["recipient"]["externalID"] == bob.external_id
    assert "externalID" not in theirs["sender"]
    assert not {"initiator", "counterparty"} & set(ours)
    assert set(Event.objects.values_list("provider_id", flat=True)) == {
        provider.id,
        other_provider.id,
    }


def test_a_denied_payout_emits_its_one_move(provider):
    from payments import risk

    with risk.assessor.replaced(lambda payment, device=None: RiskVerdict(decision="deny")):
        payout = new_payout(provider.provider, enroll(provider.provider))
    assert payout.status == "denied"
    assert _moves(provider.id, payout.id) == [("initiated", "denied")]


def test_a_payment_review_flips_the_hold_and_emits_review_events(provider, other_provider):
    payout, review = payout_in_review(provider.provider, status="accepted")
    hold = only(provider.id, "payment.hold_changed")
    assert hold.data["hold"]["active"] is True and hold.data["paymentID"] == payout.id
    opened = only(provider.id, "payment_review.opened")
    assert opened.data["reviewID"] == review.pk and opened.data["status"] == "pending"
    # The hold took the accepted payout back to authorized.
    assert _moves(provider.id, payout.id) == [("accepted", "authorized")]

    payment_reviews.resolve_payment_review(
        provider_id=provider.id,
        review_id=review.pk,
        resolution="approved",
        actor=review.actor,
    )
    resolved = only(provider.id, "payment_review.resolved")
    assert resolved.data["status"] == "approved" and resolved.data["previousStatus"] == "pending"
    payout.refresh_from_db()
    assert resolved.data["payout"]["status"] == payout.status  # rendered after the change
    lifted = events_of(provider.id, "payment.hold_changed")[-1]
    assert lifted.data["hold"] == {"active": False}
    assert types_of(other_provider.id) == []


def test_a_request_event_names_its_parties_requester_and_payer(provider):
    requester = enroll(provider.provider, given="Alice", family="Nguyen")
    request = new_request(provider.provider, requester)
    services.cancel_request(request_id=request.id)
    [event] = events_of(provider.id, "request.status_changed")
    assert event.data["requester"]["externalID"] == requester.external_id
    assert event.data["payer"] == {"phoneNumber": request.counterparty_phone}
    assert not {"initiator", "counterparty"} & set(event.data)
    detail = provider.client.get(provider.url(f"/requests/{request.id}")).json()["request"]
    assert event.data["requester"] == detail["requester"]
