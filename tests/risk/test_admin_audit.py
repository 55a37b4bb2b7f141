"""The risk screens save and delete through risk.services: every change from the admin, one
row or a selection from the list, asks why and leaves exactly one audit row per row changed,
shown on the row's page and in the read-only change history."""

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME

from risk.models import RiskChange, RiskListEntry, RiskRule
from risk.policy import POLICY_ID
from tests.reviews.admin_support import AUDITOR, logged_in, staff_user
from tests.risk.rules import listed, rule
from tests.risk.test_risk_admin import POLICY_FORM, rule_form

pytestmark = pytest.mark.django_db

ADMIN = "/admin/risk"


@pytest.fixture
def analyst_client(analyst):
    return logged_in(analyst)


def entries(*values):
    return [listed("email_domain", value, "high") for value in values]


def test_a_change_in_the_admin_leaves_one_row_with_the_analyst_and_the_reason(
    analyst, analyst_client
):
    existing = rule("new_counterparty_phone", points=10)
    form = rule_form(
        condition="new_counterparty_phone",
        threshold="",
        points="15",
        change_reason="Too many false positives",
    )
    response = analyst_client.post(f"{ADMIN}/riskrule/{existing.pk}/change/", form)
    assert response.status_code == 302
    [change] = RiskChange.objects.all()
    assert (change.kind, change.action, change.subject) == ("rule", "update", str(existing.pk))
    assert (change.before["points"], change.after["points"]) == (10, 15)
    assert change.reason == "Too many false positives"
    assert (change.actor_kind, change.actor_user_id) == ("user", str(analyst.pk))
    assert change.actor_display_name == "Ana Analyst"
    page = analyst_client.get(f"{ADMIN}/riskrule/{existing.pk}/change/").content.decode()
    assert "Too many false positives" in page and "points: 10 → 15" in page


def test_adding_and_changing_the_thresholds_each_leave_one_row(analyst_client):
    response = analyst_client.post(f"{ADMIN}/riskrule/add/", rule_form())
    assert response.status_code == 302
    assert RiskChange.objects.get().action == "create"
    response = analyst_client.post(f"{ADMIN}/riskpolicy/{POLICY_ID}/change/", POLICY_FORM)
    assert response.status_code == 302
    change = RiskChange.objects.get(kind="policy")
    assert (change.before["deny_at_score"], change.after["deny_at_score"]) == (90, 80)
    assert change.reason == "Quarterly calibration"


def test_no_save_without_a_reason(analyst_client):
    response = analyst_client.post(f"{ADMIN}/riskrule/add/", rule_form(change_reason=""))
    assert response.status_code == 200
    assert "change_reason" in response.context["adminform"].form.errors
    assert not RiskRule.objects.exists() and not RiskChange.objects.exists()


def test_deleting_one_entry_asks_why_and_leaves_one_row(analyst_client):
    [entry] = entries("mailinator.com")
    url = f"{ADMIN}/risklistentry/{entry.pk}/delete/"
    page = analyst_client.get(url).content.decode()
    assert 'name="change_reason"' in page
    refused = analyst_client.post(url, {"post": "yes", "change_reason": "  "})
    assert refused.status_code == 200 and "Give a reason: nothing was deleted." in (
        refused.content.decode()
    )
    assert RiskListEntry.objects.filter(pk=entry.pk).exists() and not RiskChange.objects.exists()
    response = analyst_client.post(url, {"post": "yes", "change_reason": "Domain sold"})
    assert response.status_code == 302
    assert not RiskListEntry.objects.exists()
    [change] = RiskChange.objects.all()
    assert (change.action, change.reason, change.after) == ("delete", "Domain sold", None)
    assert change.before["value"] == "mailinator.com"


def test_a_bulk_delete_from_the_list_asks_why_and_leaves_one_row_each(analyst_client):
    kept, *chosen = entries("kept.example", "one.example", "two.example")
    action = {
        "action": "delete_selected",
        ACTION_CHECKBOX_NAME: [str(entry.pk) for entry in chosen],
    }
    url = f"{ADMIN}/risklistentry/"
    confirm = analyst_client.post(url, action)
    assert confirm.status_code == 200 and 'name="change_reason"' in confirm.content.decode()
    refused = analyst_client.post(url, {**action, "post": "yes"})
    assert refused.status_code == 200 and "nothing was deleted" in refused.content.decode()
    assert RiskListEntry.objects.count() == 3 and not RiskChange.objects.exists()
    response = analyst_client.post(url, {**action, "post": "yes", "change_reason": "Cleanup"})
    assert response.status_code == 302
    assert list(RiskListEntry.objects.all()) == [kept]
    deleted = RiskChange.objects.filter(action="delete", reason="Cleanup")
    assert sorted(deleted.values_list("subject", flat=True)) == sorted(
        str(entry.pk) for entry in chosen
    )
    assert RiskChange.objects.count() == 2


def test_the_change_history_is_read_only_and_auditors_read_it(analyst_client):
    [entry] = entries("mailinator.com")
    analyst_client.post(
        f"{ADMIN}/risklistentry/{entry.pk}/change/",
        {"kind": "email_domain", "value": "mailinator.com", "level": "medium", "note": "",
         "change_reason": "Lower risk now"},
    )  # fmt: skip
    change = RiskChange.objects.get()
    auditor = logged_in(staff_user("audrey_auditor", group=AUDITOR))
    listing = auditor.get(f"{ADMIN}/riskchange/").content.decode()
    assert "Lower risk now" in listing
    page = auditor.get(f"{ADMIN}/riskchange/{change.pk}/change/").content.decode()
    assert "level" in page and "high" in page and "medium" in page
    assert auditor.get(f"{ADMIN}/risklistentry/{entry.pk}/change/").status_code == 200
    for client in (auditor, analyst_client):
        assert client.get(f"{ADMIN}/riskchange/add/").status_code == 403
        assert client.post(f"{ADMIN}/riskchange/{change.pk}/delete/").status_code == 403
        client.post(f"{ADMIN}/riskchange/{change.pk}/change/", {"reason": "rewritten"})
    change.refresh_from_db()
    assert change.reason == "Lower risk now"
    # An auditor changes nothing.
    response = auditor.post(
        f"{ADMIN}/risklistentry/{entry.pk}/delete/", {"post": "yes", "change_reason": "x"}
    )
    assert response.status_code == 403 and RiskListEntry.objects.filter(pk=entry.pk).exists()
