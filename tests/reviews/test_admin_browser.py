"""An analyst works a review in a real browser: log in, open a pending review from the queue,
suspend the participant (tests.admin_browser: every database read and write happens before
the browser starts or after it has stopped)."""

import pytest

from reviews.models import PaymentReview
from tests.admin_browser import staff_page
from tests.payments.factories import enroll, new_payout
from tests.reviews.admin_support import assert_acted_by, staff_user
from tests.reviews.factories import payout_in_review, pending_review
from tests.risk.rules import listed, rule

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _every_column_fits(page) -> None:
    """Every column header of the queue is drawn inside the window (none hidden under the
    filter panel or pushed off to the right)."""
    width = page.viewport_size["width"]
    headers = page.locator("#result_list thead th")
    assert headers.count() > 3
    filters = page.locator("#changelist-filter").bounding_box()
    for n in range(headers.count()):
        box = headers.nth(n).bounding_box()
        assert box is not None and box["width"] > 0, headers.nth(n).inner_text()
        assert box["x"] + box["width"] <= width, headers.nth(n).inner_text()
        if filters is not None:
            assert box["x"] + box["width"] <= filters["x"] + 1, headers.nth(n).inner_text()


def test_an_analyst_suspends_a_participant_from_the_queue(live_server, provider):
    analyst = staff_user("ana_analyst")
    enrollment = enroll(provider.provider, given="Grace", family="Hopper", external_id="cust-42")
    review = pending_review(provider.provider, enrollment, reason="Payouts to many new phones")
    relationship_version = enrollment.relationship_version_id
    payout_in_review(provider.provider, reason="Large first payout")

    from playwright.sync_api import expect

    with staff_page(live_server.url, "ana_analyst") as page:
        page.get_by_role("link", name="Participant reviews").first.click()
        expect(page.locator("#result_list")).to_contain_text("Grace Hopper")
        _every_column_fits(page)
        page.locator(f'#result_list a:has(span[title="{review.pk}"])').click()

        expect(page.locator("#participant")).to_contain_text("cust-42")
        page.select_option("#id_suspend-reason_code", "suspected-fraud")
        page.fill("#id_suspend-reason", "Mule pattern confirmed by phone call")
        # A destructive action asks first: dismissed, nothing is sent.
        page.once("dialog", lambda dialog: dialog.dismiss())
        page.click("#action-suspend input[type=submit]")
        expect(page.locator("#actions")).to_have_count(1)
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#action-suspend input[type=submit]")

        expect(page.locator(".messagelist")).to_contain_text("Resolved: suspended.")
        expect(page.locator("#resolution")).to_contain_text("suspend")
        expect(page.locator("#actions")).to_have_count(0)

        # The payment queue reads at 1400 px too.
        page.goto(f"{live_server.url}/admin/reviews/paymentreview/")
        expect(page.locator("#result_list")).to_contain_text("Large first payout")
        _every_column_fits(page)

        # The operations page, from the admin index: what is waiting, at a glance.
        page.goto(f"{live_server.url}/admin/")
        page.get_by_role("link", name="Operations overview").click()
        expect(page.locator("h1")).to_have_text("Operations")
        expect(page.locator("#backlogs")).to_contain_text("Participant reviews")
        expect(page.locator("#ledger .ops-chart .col")).to_have_count(12)
        expect(page.locator("#payments")).to_be_visible()

    # The browser has stopped: back to the ORM and the API, as the provider sees it.
    body = provider.client.get(provider.url(f"/participant-reviews/{review.pk}")).json()
    detail = body["review"]
    assert detail["status"] == "resolved"
    assert detail["resolution"]["action"] == "suspend"
    assert detail["resolution"]["reasonCode"] == "suspected-fraud"
    assert_acted_by(detail["resolution"], analyst, provider.id)
    assert detail["relationship"]["suspended"] is True
    assert detail["relationship"]["versionID"] != relationship_version
    participant = provider.client.get(provider.url("/participants/cust-42")).json()
    assert participant["relationship"]["suspended"] is True
    assert participant["relationship"]["reasonCode"] == "suspected-fraud"


def test_the_case_file_explains_a_score_and_reject_asks_first(live_server, provider):
    """A payment review's case file in the browser: per-rule points, the score as a sum, the
    PEP list entry that matched and how; Reject asks before it acts."""
    staff_user("cas_analyst")
    listed("pep_name", "Nadia Okonjo", "high")
    rule("signal_at_least", signal="pepLevel", level="medium", points=30, name="PEP sender")
    rule("amount_at_least", threshold=500, points=40, outcome="review", name="Large payment")
    sender = enroll(provider.provider, given="Nadia", family="Okonjo", external_id="pep-1")
    payout = new_payout(provider.provider, sender, amount_minor=60000)
    review = PaymentReview.objects.get(payment_id=payout.id)

    from playwright.sync_api import expect

    with staff_page(live_server.url, "cas_analyst") as page:
        page.goto(f"{live_server.url}/admin/reviews/paymentreview/{review.pk}/change/")
        case = page.locator("#assessments")
        expect(case.locator(".case-score")).to_contain_text(
            "70 = 30 (PEP sender) + 40 (Large payment)"
        )
        expect(case.locator(".case-rules")).to_contain_text("+30")
        expect(case.locator(".case-rules")).to_contain_text("matched “Nadia Okonjo”")
        expect(case.locator(".case-signals")).to_contain_text("exact name match")
        page.once("dialog", lambda dialog: dialog.dismiss())
        page.click("#action-resolve button[value=rejected]")
        expect(page.locator("#actions")).to_have_count(1)  # dismissed: nothing sent
    review.refresh_from_db()
    assert review.status == "pending"
