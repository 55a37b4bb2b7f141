"""The staff payment page: a payout's or request's whole story on one read-only page, reached
from every review, and the list's search by ID, reference number and phone."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from events.models import Event
from ledger.models import CallbackAttempt, LedgerCall
from payments.models import FundingAttempt, Operation, PaymentEvent
from tests.payments.factories import enroll, make_payment
from tests.reviews.admin_support import logged_in, staff_user
from tests.reviews.factories import payout_in_review

pytestmark = pytest.mark.django_db


def page_url(payment) -> str:
    return f"/admin/payments/payment/{payment.id}/change/"


def section(page: str, element_id: str) -> str:
    start = page.index(f'id="{element_id}"')
    end = page.find('<div class="module', start + 1)
    return page[start : end if end > 0 else len(page)]


def story(payout, n: int) -> None:
    """`n` of each kind of row the page lists."""
    for i in range(n):
        Operation.objects.create(
            payment=payout,
            type="authorize",
            rail="core_hold",
            status="succeeded",
            external_reference=f"hold-{i}",
        )
        FundingAttempt.objects.create(
            payment=payout, funding_type="core_ledger", status="approved", reference=f"cap-{i}"
        )
        PaymentEvent.objects.create(
            payment=payout,
            trigger="hold_changed",
            from_status="initiated",
            to_status="authorized",
            reason=f"Reason {i}",
            actor_kind="user",
            actor_display_name="Dana Staff",
            actor_email="dana@risk.example",
        )
        call = LedgerCall.objects.create(
            provider_id=payout.initiator_provider_id,
            endpoint="authorize",
            payout_id=payout.id,
            idempotency_key=f"k-{i}",
            service={},
            reply_to="payments.tasks.on_ledger_outcome",
            outcome="approved",
            reference=f"ledger-ref-{i}",
        )
        CallbackAttempt.objects.create(
            call=call,
            provider_id=payout.initiator_provider_id,
            endpoint="authorize",
            payout_id=payout.id,
            attempt=1,
            url="http://127.0.0.1/ledger/authorize",
            http_status=503,
            latency_ms=12,
            outcome="retry",
            started_on=timezone.now(),
        )
        Event.objects.create(
            provider_id=payout.initiator_provider_id,
            type="payout.status_changed",
            data={"paymentID": payout.id, "status": "authorized", "previousStatus": "initiated"},
        )


def test_a_payouts_whole_story_on_one_page(provider):
    analyst = staff_user("ana_lyst")
    payout, review = payout_in_review(provider.provider)
    payout.fraud_score = 0.8
    payout.save(update_fields=["fraud_score"])
    story(payout, 1)
    client = logged_in(analyst)

    review_page = client.get(f"/admin/reviews/paymentreview/{review.pk}/change/").content
    assert page_url(payout).encode() in review_page  # reachable from the review
    response = client.get(page_url(payout))
    assert response.status_code == 200
    page = response.content.decode()
    assert "12.50 USD" in page and "Amount minor" not in page
    assert "80 of 100" in page  # one scale: the review shows 80 too
    parties = section(page, "parties")
    assert "Sender" in parties and "Ada Lovelace" in parties and "+14155550199" in parties
    assert payout.initiator_participant_id in parties
    links = section(page, "reviews")
    assert f"/admin/reviews/paymentreview/{review.pk}/change/" in links
    assert "Risk assessment" in links and "score 62 of 100" in links
    operations = section(page, "operations")
    assert "hold-0" in operations and "Core Hold" in operations and "succeeded" in operations
    assert "cap-0" in section(page, "funding")
    history = section(page, "history")
    assert "Dana Staff &lt;dana@risk.example&gt;" in history and "Reason 0" in history
    assert "initiated → authorized" in history and "hold changed" in history
    ledger = section(page, "ledger")
    assert "ledger-ref-0" in ledger and "HTTP 503" in ledger and "retry" in ledger
    events = section(page, "events")
    assert "payout.status_changed" in events and "feed only" in events
    assert 'name="_save"' not in page  # read-only
    assert client.post(page_url(payout), {}).status_code == 405
    assert client.get("/admin/payments/payment/add/").status_code == 403


def test_the_page_costs_the_same_queries_for_a_longer_story(provider):
    analyst = staff_user("ana_lyst")
    payout, _ = payout_in_review(provider.provider)
    client = logged_in(analyst)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(page_url(payout)).status_code == 200
        return len(captured)

    story(payout, 1)
    few = queries()
    story(payout, 10)
    assert queries() == few


def test_staff_find_a_payment_by_id_reference_or_phone(provider):
    client = logged_in(staff_user("sea_rcher"))
    bob = enroll(provider.provider, given="Bob", family="Stone", phone="2065550142")
    to_phone = make_payment(enroll(provider.provider), phone="+14155550188")
    from_bob = make_payment(bob, phone="+14155550100")
    other = make_payment(enroll(provider.provider), phone="+14155550111")

    def found(term: str) -> set[str]:
        response = client.get("/admin/payments/payment/", {"q": term})
        assert response.status_code == 200
        return {payment.pk for payment in response.context["cl"].result_list}

    assert found(to_phone.id) == {to_phone.id}
    assert found(to_phone.reference_number) == {to_phone.id}
    assert found("(415) 555-0188") == {to_phone.id}  # the recipient's phone, any formatting
    assert found("206 555 0142") == {from_bob.id}  # a party's own phone
    assert other.id not in found("+1 415 555 0188")
