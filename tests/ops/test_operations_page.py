"""The staff operations page: analysts, auditors and superusers see it, read-only; nobody
else does."""

from django.http import HttpRequest

from tests.reviews.admin_support import PASSWORD, staff_user
from tests.reviews.factories import payout_in_review, pending_review

URL = "/admin/ops/operationsoverview/"


def _login(client, user):
    # The login lockout's backend reads the request a password is checked for.
    assert client.login(request=HttpRequest(), username=user.username, password=PASSWORD)


def test_an_analyst_sees_the_queues_ledger_webhooks_and_payments(client, provider):
    pending_review(provider.provider)
    payout_in_review(provider.provider)
    _login(client, staff_user("ops_analyst"))
    response = client.get(URL)
    assert response.status_code == 200
    page = response.content.decode()
    for section in ('id="backlogs"', 'id="ledger"', 'id="webhooks"', 'id="payments"'):
        assert section in page
    assert "Participant reviews" in page and "Webhook deliveries" in page
    assert "<form" not in page.split('id="backlogs"')[1]  # nothing to act on here
    assert "Operations overview" in client.get("/admin/").content.decode()


def test_an_auditor_sees_it_and_other_staff_do_not(client, db):
    _login(client, staff_user("ops_auditor", group="Auditor"))
    assert client.get(URL).status_code == 200
    client.logout()
    _login(client, staff_user("ops_plain", group=None))
    assert client.get(URL).status_code == 403
