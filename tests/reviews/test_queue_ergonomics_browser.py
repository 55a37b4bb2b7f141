"""The payment queue worked without hunting, in a real browser at 1400 by 900: the Reviews
page's counts lead to the filtered list, the risk column and the assignee filter, "Next
case", and a rejection's reason from its list (screenshots kept as the other browser tests
keep them)."""

import pytest

from reviews.models import PaymentReview
from tests.admin_browser import staff_page
from tests.page_layout import assert_fits
from tests.reviews.admin_support import staff_user
from tests.reviews.factories import payout_in_review

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_analyst_takes_the_next_case_and_rejects_it_with_a_reason(live_server, provider):
    from playwright.sync_api import expect

    analyst = staff_user("ana_analyst")
    colleague = staff_user("col_league")
    _, untaken = payout_in_review(provider.provider, reason="Large first payout")
    _, held = payout_in_review(provider.provider, reason="New phone")
    PaymentReview.objects.filter(pk=held.pk).update(assignee_user_id=str(colleague.pk))

    with staff_page(live_server.url, "ana_analyst") as page:
        page.goto(f"{live_server.url}/admin/reviews/")
        # "Nobody has taken" on the payment row is a link to that part of the queue.
        page.locator("#review-queues tbody tr").first.locator("td").nth(1).locator("a").click()
        expect(page.locator("#result_list tbody tr")).to_have_count(1)
        expect(page.locator("#result_list thead")).to_contain_text("Risk")
        expect(page.locator("#result_list td.field-risk_column")).to_contain_text("62")
        assert_fits(page, "payment-queue-unassigned")

        page.goto(f"{live_server.url}/admin/reviews/paymentreview/")
        page.locator("#changelist-filter").get_by_role("link", name="Col League").click()
        expect(page.locator("#result_list tbody tr")).to_have_count(1)
        expect(page.locator("#result_list td.field-assignee")).to_have_text("Col League")
        assert_fits(page, "payment-queue-assignee-filter")

        page.click("#next-case button")
        expect(page.locator(".messagelist")).to_contain_text("Assigned to you")
        expect(page.locator("#summary")).to_contain_text("Ana Analyst")
        assert_fits(page, "payment-review-next-case")

        # Rejecting without a reason is refused; with one from the list it goes through.
        page.on("dialog", lambda dialog: dialog.accept())
        page.click('#action-resolve button[value="rejected"]')
        expect(page.locator("#action-resolve")).to_contain_text("A rejection needs its reason.")
        page.select_option("#id_resolve-rejection_reason", "scam_victim")
        assert_fits(page, "payment-review-rejection-reason")
        page.click('#action-resolve button[value="rejected"]')
        expect(page.locator("#rejection-reason")).to_have_text("Scam victim")

    review = PaymentReview.objects.get(pk=untaken.pk)
    assert (review.status, review.rejection_reason) == ("rejected", "scam_victim")
    assert review.assignee_user_id == str(analyst.pk)
