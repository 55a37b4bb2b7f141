"""An analyst changes the risk configuration in a real browser, under the risk app's admin
(/admin/risk/): a rule's points with a reason, then the rule's history; a list entry deleted
from the list, asked why first. Database work happens before the browser starts and after it
stops (see tests.admin_browser)."""

import pytest

from risk.models import RiskChange, RiskListEntry, RiskRule
from tests.admin_browser import staff_page
from tests.reviews.admin_support import staff_user
from tests.risk.rules import listed, rule
from tests.risk.test_backtest import stored

__all__ = ["stored"]  # a fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_analyst_changes_a_rule_and_deletes_a_list_entry_with_reasons(live_server):
    analyst = staff_user("ana_analyst")
    existing = rule("new_counterparty_phone", points=10, name="New counterparty phone")
    kept = listed("email_domain", "kept.example", "high")
    gone = listed("email_domain", "mailinator.com", "high")

    from playwright.sync_api import expect

    with staff_page(live_server.url, "ana_analyst") as page:
        page.locator("#content-main .app-risk").get_by_role("link", name="Risk rules").click()
        expect(page).to_have_url(f"{live_server.url}/admin/risk/riskrule/")
        page.get_by_role("link", name="New counterparty phone").click()
        page.fill("#id_points", "15")
        page.click("input[name=_continue]")  # no reason: the form says so, nothing saved
        expect(page.locator(".errornote")).to_be_visible()
        page.fill("#id_change_reason", "Too many false positives")
        page.click("input[name=_continue]")
        expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
        expect(page.locator(".field-change_history")).to_contain_text("points: 10 → 15")
        expect(page.locator(".field-change_history")).to_contain_text("Too many false positives")

        page.goto(f"{live_server.url}/admin/risk/risklistentry/")
        page.locator(f'input[name=_selected_action][value="{gone.pk}"]').check()
        page.select_option("select[name=action]", "delete_selected")
        page.click("button[name=index]")
        page.fill("#id_change_reason", "Domain sold, no longer disposable")
        page.click("input[type=submit]")
        expect(page.locator(".messagelist")).to_contain_text("Successfully deleted 1")

    assert RiskRule.objects.get(pk=existing.pk).points == 15
    assert list(RiskListEntry.objects.all()) == [kept]
    trail = list(RiskChange.objects.order_by("id").values_list("kind", "action", "reason"))
    assert trail == [
        ("rule", "update", "Too many false positives"),
        ("list-entry", "delete", "Domain sold, no longer disposable"),
    ]
    assert {change.actor_user_id for change in RiskChange.objects.all()} == {str(analyst.pk)}


def test_an_analyst_tests_a_threshold_change_before_saving(live_server, stored):
    """Test this change: the draft threshold replayed over stored assessments; the report and
    the form fit at 1400 px; nothing is saved."""
    from playwright.sync_api import expect

    from tests.page_layout import assert_fits

    staff_user("bac_tester")
    mid, _ = stored
    with staff_page(live_server.url, "bac_tester") as page:
        page.goto(f"{live_server.url}/admin/risk/riskrule/{mid.pk}/change/")
        assert_fits(page, "risk-rule-form")
        page.fill("#id_threshold", "100")
        page.click("input[name=_backtest]")
        expect(page.locator("#backtest-up")).to_have_text("3")
        expect(page.locator("#backtest-held")).to_have_text("2")
        expect(page.locator("#backtest-held-samples tbody tr")).to_have_count(2)
        assert_fits(page, "risk-backtest-report")
        page.goto(f"{live_server.url}/admin/risk/riskrule/")
        assert_fits(page, "risk-rules")
    assert RiskRule.objects.get(pk=mid.pk).threshold == 250
    assert not RiskChange.objects.filter(kind="rule").exists()
