"""The interface the reviews app codes against (payments.risk, services and selectors)."""

import pytest
from django.utils import timezone

from common.devices import Device
from common.errors import NotFound
from common.hooks import HookNotRegistered
from common.verdicts import RiskVerdict
from payments import risk, selectors, services
from payments.errors import IllegalTransition
from payments.models import PaymentRequest, Payout
from tests.payments.factories import enroll, make_payment, new_payout, new_request

pytestmark = pytest.mark.django_db


def test_without_an_assessor_no_payment_is_made(provider):
    """Fail closed: an empty risk hook refuses the payment (its transaction rolls back)."""
    alice = enroll(provider.provider)
    with risk.assessor.replaced(None):
        with pytest.raises(HookNotRegistered, match=r"payments\.payment_assessor"):
            new_payout(provider, alice, amount_minor=1000)
        with pytest.raises(HookNotRegistered):
            new_request(provider, alice, amount_minor=1000)
    assert not Payout.objects.exists() and not PaymentRequest.objects.exists()


def test_the_device_a_payment_was_made_from_reaches_the_assessor(provider):
    seen = []

    def assessor(payment, device=None):
        seen.append((payment.id, device))
        return RiskVerdict("allow")

    with risk.assessor.replaced(assessor):
        alice = enroll(provider.provider)
        device = Device(device_type="desktop", os="macOS")
        for extra in ({"device": device}, {}):
            new_payout(provider, alice, amount_minor=1000, **extra)
    # An assessor that takes no device still works for callers that saw none.
    with risk.assessor.replaced(lambda payment: RiskVerdict("allow")):
        assert risk.assess(object()).decision == "allow"
    assert [got for _, got in seen] == [device, None]


@pytest.mark.parametrize(
    "kwargs", [{"decision": "maybe"}, {"decision": "allow", "fraud_score": 1.5}]
)
def test_a_verdict_is_validated(kwargs):
    with pytest.raises(ValueError):
        RiskVerdict(**kwargs)


def test_attach_appends_once_in_order(provider):
    payout = make_payment(enroll(provider.provider))
    for review in ("rev_1", "rev_2", "rev_1"):
        services.attach_review(payout_id=payout.id, review_id=review)
    for assessment in ("asm_1", "asm_1", "asm_2"):
        services.attach_assessment(payment_id=payout.id, assessment_id=assessment)
    payout.refresh_from_db()
    assert payout.review_ids == ["rev_1", "rev_2"]
    assert payout.assessment_ids == ["asm_1", "asm_2"]
    request = make_payment(enroll(provider.provider), type="request")
    services.attach_assessment(payment_id=request.id, assessment_id="asm_3")
    with pytest.raises(NotFound):
        services.attach_review(payout_id=request.id, review_id="rev_3")  # payouts only


def test_set_hold_keeps_the_indexed_copy_in_step(provider):
    payout = make_payment(enroll(provider.provider), status="accepted")
    expires = timezone.now()
    services.set_hold(payment_id=payout.id, active=True, expires_on=expires)
    payout.refresh_from_db()
    assert payout.hold_active and payout.hold_expires_on == expires
    assert payout.status == "authorized"  # no longer claimable
    assert set(payout.entries.values_list("on_hold", flat=True)) == {True}
    services.set_hold(payment_id=payout.id, active=False, expires_on=expires)
    payout.refresh_from_db()
    assert not payout.hold_active and payout.hold_expires_on is None
    assert set(payout.entries.values_list("on_hold", flat=True)) == {False}


def test_lifting_a_hold_before_the_ledger_answered_leaves_the_payout_initiated(provider):
    payout = make_payment(enroll(provider.provider), status="initiated", hold=True)
    services.set_hold(payment_id=payout.id, active=False, expires_on=None)
    payout.refresh_from_db()
    assert payout.status == "initiated" and not payout.hold_active


def test_cancel_is_refused_outside_authorized_and_accepted(provider):
    payout = make_payment(enroll(provider.provider), status="claiming")
    with pytest.raises(IllegalTransition):
        services.cancel_payout(payout_id=payout.id, reason="rejected", actor=None)


def test_get_payment_for_provider_returns_the_proxy_or_not_found(provider, other_provider):
    alice = enroll(provider.provider)
    payout = make_payment(alice)
    request = make_payment(alice, type="request")
    assert isinstance(selectors.get_payment_for_provider(provider.id, payout.id), Payout)
    found = selectors.get_payment_for_provider(provider.id, request.id)
    assert isinstance(found, PaymentRequest) and found.requester_participant_id
    for ref in (payout.id, "po_missing"):
        with pytest.raises(NotFound):
            selectors.get_payment_for_provider(other_provider.id, ref)


def test_payments_on_hold_for_a_participant(provider, other_provider):
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider)
    held = make_payment(alice, status="authorized", hold=True, counterparty=bob)
    make_payment(alice, status="accepted")
    make_payment(bob, status="authorized", hold=True)  # another provider's
    got = selectors.payments_on_hold_for(
        provider_id=provider.id, participant_id=alice.participant_id
    )
    assert [p.id for p in got] == [held.id]
    theirs = selectors.payments_on_hold_for(
        provider_id=other_provider.id, participant_id=bob.participant_id
    )
    assert len(theirs) == 2 and held.id in {p.id for p in theirs}
