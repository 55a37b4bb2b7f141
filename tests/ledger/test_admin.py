"""The attempt log is visible and read-only in the admin; the sandbox is steerable there."""

import pytest
from django.contrib.auth import get_user_model

from ledger.models import CallbackAttempt, LedgerCall
from ledger.sandbox.models import SandboxAccount, SandboxFaults
from tests.ledger.support import authorize


@pytest.fixture
def staff(client):
    user = get_user_model().objects.create_superuser("ops", "ops@example.com", "pw-123456789")
    client.force_login(user)
    return client


def test_attempt_log_is_listed_and_read_only(sandbox_ledger, provider, received, staff):
    sandbox_ledger.set_faults(next_statuses=[503])
    authorize(provider.id, "po_ADM1")
    listing = staff.get("/admin/ledger/callbackattempt/?q=po_ADM1")
    assert listing.status_code == 200
    body = listing.content.decode()
    assert "po_ADM1" in body and "503" in body and "retry" in body
    attempt = CallbackAttempt.objects.filter(payout_id="po_ADM1").first()
    page = staff.get(f"/admin/ledger/callbackattempt/{attempt.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert staff.get("/admin/ledger/callbackattempt/add/").status_code == 403
    assert staff.post(f"/admin/ledger/callbackattempt/{attempt.pk}/delete/").status_code == 403
    edit = staff.post(f"/admin/ledger/callbackattempt/{attempt.pk}/change/", {"error": "x"})
    assert edit.status_code == 403
    assert CallbackAttempt.objects.get(pk=attempt.pk).error.startswith("HTTP 503")


def test_calls_show_their_attempts(sandbox_ledger, provider, received, staff):
    sandbox_ledger.set_faults(next_statuses=[429])
    authorize(provider.id, "po_ADM2")
    call = LedgerCall.objects.get(payout_id="po_ADM2")
    page = staff.get(f"/admin/ledger/ledgercall/{call.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "429" in text and "Retry" in text and "Approved" in text
    assert staff.get("/admin/ledger/ledgercall/add/").status_code == 403


def test_sandbox_faults_and_balances_are_set_through_the_admin(sandbox_ledger, provider, staff):
    response = staff.post(
        "/admin/sandbox_ledger/sandboxfaults/add/",
        {
            "provider": provider.id,
            "rate_503": "0.2",
            "rate_429": "0.1",
            "retry_after_seconds": "3",
            "slow_rate": "0",
            "slow_ms": "2000",
            "next_statuses": "[503]",
        },
    )
    assert response.status_code == 302, response.content
    faults = SandboxFaults.objects.get(pk=provider.id)
    assert (faults.rate_503, faults.rate_429, faults.next_statuses) == (0.2, 0.1, [503])
    too_much = staff.post(
        f"/admin/sandbox_ledger/sandboxfaults/{provider.id}/change/",
        {
            "provider": provider.id,
            "rate_503": "0.7",
            "rate_429": "0.7",
            "retry_after_seconds": "1",
            "slow_rate": "0",
            "slow_ms": "0",
            "next_statuses": "[]",
        },
    )
    assert too_much.status_code == 200 and b"must not exceed" in too_much.content
    added = staff.post(
        "/admin/sandbox_ledger/sandboxaccount/add/",
        {
            "provider": provider.id,
            "funding_source": "acct-admin",
            "currency": "USD",
            "available_minor": "4200",
        },
    )
    assert added.status_code == 302, added.content
    assert sandbox_ledger.balance("acct-admin") == 4200
    negative = staff.post(
        "/admin/sandbox_ledger/sandboxaccount/add/",
        {
            "provider": provider.id,
            "funding_source": "acct-neg",
            "currency": "USD",
            "available_minor": "-1",
        },
    )
    assert negative.status_code == 200
    assert not SandboxAccount.objects.filter(funding_source="acct-neg").exists()
