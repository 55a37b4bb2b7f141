import pytest

from payments.models import Operation, PaymentEvent
from tests.payments.factories import enroll, make_payment

pytestmark = pytest.mark.django_db


def test_staff_read_payments_with_their_operations_and_history(admin_client, provider):
    payout = make_payment(enroll(provider.provider), memo="Dinner", counterparty_name="Sam")
    Operation.objects.create(payment=payout, type="authorize", rail="core_hold", status="pending")
    PaymentEvent.objects.create(
        payment=payout, trigger="create", to_status="initiated", actor_kind="system"
    )
    listing = admin_client.get("/admin/payments/payment/", {"q": payout.reference_number})
    assert listing.status_code == 200 and payout.id.encode() in listing.content
    page = admin_client.get(f"/admin/payments/payment/{payout.id}/change/")
    assert page.status_code == 200
    assert b"core_hold" in page.content and b"initiated" in page.content
    assert b'name="_save"' not in page.content  # read-only
    assert admin_client.get("/admin/payments/payment/add/").status_code == 403
