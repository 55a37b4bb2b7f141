"""The risk screens: the single policy row, rules validated per condition, list entries kept
in the form the engine compares, the allowlist, and read-only assessments."""

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from common.devices import Device
from reviews import screening
from risk import starter
from risk.admin.configuration import RiskRuleForm
from risk.models import RiskListEntry, RiskPolicy, RiskRule
from risk.policy import POLICY_ID
from tests.payments.factories import enroll
from tests.risk.rules import rule

pytestmark = pytest.mark.django_db

ADMIN = "/admin/risk"


@pytest.fixture
def admin_client():
    client = Client()
    client.force_login(User.objects.create_superuser("root", "root@example.com", "pw"))
    return client


def rule_form(**overrides) -> dict:
    form = {
        "rule_id": "501",
        "name": "Large payment",
        "description": "",
        "enabled": "on",
        "is_live": "on",
        "condition": "amount_at_least",
        "threshold": "750",
        "window_minutes": "",
        "signal_key": "",
        "signal_level": "",
        "on_payment": "on",
        "points": "30",
        "outcome": "review",
        "change_reason": "Fraud ring seen last week",
    }
    form.update(overrides)
    return {key: value for key, value in form.items() if value is not None}


def errors_of(response) -> dict:
    assert response.status_code == 200, "the form should have been shown again"
    form = response.context["adminform"].form
    return {name: " ".join(messages) for name, messages in form.errors.items()}


# ---- policy -----------------------------------------------------------------------------


def test_the_policy_list_goes_to_the_single_row(admin_client):
    response = admin_client.get(f"{ADMIN}/riskpolicy/")
    assert response.status_code == 302
    assert response.url == f"{ADMIN}/riskpolicy/{POLICY_ID}/change/"
    assert RiskPolicy.objects.count() == 1
    assert admin_client.get(f"{ADMIN}/riskpolicy/add/").status_code == 403
    assert admin_client.get(f"{ADMIN}/riskpolicy/{POLICY_ID}/delete/").status_code == 403


POLICY_FORM = {
    "review_at_score": "40",
    "deny_at_score": "80",
    "medium_at_score": "20",
    "high_at_score": "40",
    "very_high_at_score": "70",
    "aml_medium_amount": "2000",
    "aml_high_amount": "9000",
    "change_reason": "Quarterly calibration",
}


def test_an_analyst_changes_the_thresholds(admin_client):
    admin_client.get(f"{ADMIN}/riskpolicy/")
    response = admin_client.post(f"{ADMIN}/riskpolicy/{POLICY_ID}/change/", POLICY_FORM)
    assert response.status_code == 302
    policy = RiskPolicy.objects.get()
    assert (policy.review_at_score, policy.deny_at_score, policy.very_high_at_score) == (40, 80, 70)


def test_thresholds_out_of_order_are_refused(admin_client):
    admin_client.get(f"{ADMIN}/riskpolicy/")
    url = f"{ADMIN}/riskpolicy/{POLICY_ID}/change/"
    response = admin_client.post(url, {**POLICY_FORM, "review_at_score": "90"})
    assert "__all__" in errors_of(response)  # review above deny
    assert RiskPolicy.objects.get().review_at_score == 50


# ---- rules ------------------------------------------------------------------------------


def test_a_valid_rule_is_added_and_listed(admin_client):
    response = admin_client.post(f"{ADMIN}/riskrule/add/", rule_form())
    assert response.status_code == 302
    saved = RiskRule.objects.get(pk=501)
    assert (saved.threshold, saved.points, saved.outcome, saved.on_payment) == (
        750,
        30,
        "review",
        True,
    )
    listing = admin_client.get(f"{ADMIN}/riskrule/").content.decode()
    assert "Large payment" in listing and "payment" in listing and "750" in listing


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"threshold": ""}, "threshold", "Required"),
        ({"threshold": "0"}, "threshold", "greater than zero"),
        ({"window_minutes": "10"}, "window_minutes", "Not used"),
        (
            {"condition": "payments_in_window", "threshold": "10"},
            "window_minutes",
            "Required",
        ),
        (
            {"condition": "payments_in_window", "threshold": "2.5", "window_minutes": "60"},
            "threshold",
            "whole number",
        ),
        (
            {"condition": "signal_at_least", "threshold": "", "signal_key": "pepLevel"},
            "signal_level",
            "Required",
        ),
        (
            {"condition": "signal_at_least", "signal_key": "pepLevel", "signal_level": "high"},
            "threshold",
            "Not used",
        ),
        ({"condition": "new_device", "threshold": ""}, "on_payment", None),  # fine at payment
        ({"on_signup": "on"}, "on_signup", "cannot fire at Signup"),
        ({"on_payment": None}, "__all__", "at least one event"),
    ],
)
def test_rule_parameters_are_checked_per_condition(admin_client, overrides, field, message):
    response = admin_client.post(f"{ADMIN}/riskrule/add/", rule_form(**overrides))
    if message is None:
        assert response.status_code == 302
        return
    assert message in errors_of(response)[field]
    assert not RiskRule.objects.exists()


def test_the_starter_rules_pass_the_form():
    starter.install(RiskRule, RiskListEntry)
    for saved in RiskRule.objects.all():
        data = {
            field: getattr(saved, field)
            for field in RiskRuleForm.Meta.fields
            if getattr(saved, field) not in (None, "", False)
        }
        form = RiskRuleForm(data={**data, "change_reason": "check"}, instance=saved)
        assert form.is_valid(), (saved.name, form.errors)
    assert RiskRule.objects.count() == len(starter.RULES)


def test_a_rules_id_cannot_change(admin_client):
    existing = rule("new_counterparty_phone", points=10)
    url = f"{ADMIN}/riskrule/{existing.pk}/change/"
    form = rule_form(rule_id="999", condition="new_counterparty_phone", threshold="", points="15")
    assert admin_client.post(url, form).status_code == 302
    assert list(RiskRule.objects.values_list("rule_id", "points")) == [(existing.pk, 15)]


# ---- lists and allowlist ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "typed", "stored"),
    [
        ("country", " kp ", "KP"),
        ("email_domain", "@Mailinator.COM", "mailinator.com"),
        ("email", "Mule@Example.com", "mule@example.com"),
        ("phone_prefix", "+1 (900)", "+1900"),
        ("sanctioned_name", "  Ivan   Petrov ", "Ivan Petrov"),
    ],
)
def test_list_values_are_stored_as_the_engine_compares_them(admin_client, kind, typed, stored):
    form = {"kind": kind, "value": typed, "level": "high", "note": "", "change_reason": "Listed"}
    assert admin_client.post(f"{ADMIN}/risklistentry/add/", form).status_code == 302
    assert RiskListEntry.objects.get().value == stored


@pytest.mark.parametrize(
    ("kind", "typed"),
    [
        ("country", "XX"),
        ("email_domain", "not a domain"),
        ("email", "nobody"),
        ("phone_prefix", "900"),
    ],
)
def test_list_values_that_cannot_match_are_refused(admin_client, kind, typed):
    form = {"kind": kind, "value": typed, "level": "high", "note": "", "change_reason": "Listed"}
    response = admin_client.post(f"{ADMIN}/risklistentry/add/", form)
    assert "value" in errors_of(response)
    assert not RiskListEntry.objects.exists()


def test_a_value_already_listed_in_another_case_is_refused(admin_client):
    RiskListEntry.objects.create(kind="pep_name", value="Maria Costa", level="medium")
    form = {"kind": "pep_name", "value": "maria  costa", "level": "high", "change_reason": "x"}
    response = admin_client.post(f"{ADMIN}/risklistentry/add/", form)
    assert "already on the list" in errors_of(response)["value"]


def test_an_allowlist_entry_is_added_for_a_participant(admin_client, provider):
    alice = enroll(provider.provider)
    target = rule("new_counterparty_phone", points=10)
    assert admin_client.get(f"{ADMIN}/riskallowlistentry/add/").status_code == 200
    form = {
        "participant": alice.participant_id,
        "rule": str(target.pk),
        "reason": "payroll",
        "change_reason": "Payroll runs every Friday",
    }
    assert admin_client.post(f"{ADMIN}/riskallowlistentry/add/", form).status_code == 302
    listing = admin_client.get(f"{ADMIN}/riskallowlistentry/").content.decode()
    assert alice.participant_id in listing and "payroll" in listing


# ---- assessments ------------------------------------------------------------------------


def test_assessments_are_listed_filtered_and_shown_read_only(admin_client, provider):
    rule("new_device", events=("sign_in",), points=30, name="New device")
    alice = enroll(provider.provider)
    device = Device(device_type="mobile", model="Pixel 8", os="Android", city="Lagos")
    found = screening.assess_sign_in(alice, device=device).assessment
    listing = admin_client.get(f"{ADMIN}/riskassessment/", {"event": "sign_in"})
    assert listing.status_code == 200 and found.pk in listing.content.decode()
    filtered = admin_client.get(f"{ADMIN}/riskassessment/", {"decision": "deny"})
    assert found.pk not in filtered.content.decode()
    page = admin_client.get(f"{ADMIN}/riskassessment/{found.pk}/change/").content.decode()
    for shown in ("New device", "New device: mobile Pixel 8 Android", "Lagos", "pepLevel: low"):
        assert shown in page
    assert admin_client.get(f"{ADMIN}/riskassessment/add/").status_code == 403
    assert admin_client.get(f"{ADMIN}/riskassessment/{found.pk}/delete/").status_code == 403
    admin_client.post(f"{ADMIN}/riskassessment/{found.pk}/change/", {"decision": "deny"})
    found.refresh_from_db()
    assert found.decision == "allow"


def test_read_only_staff_see_the_rules_and_change_nothing():
    user = User.objects.create_user("auditor", "a@example.com", "pw", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(
            content_type__app_label="risk",
            codename__in=("view_riskrule", "view_riskassessment", "view_riskpolicy"),
        )
    )
    client = Client()
    client.force_login(user)
    existing = rule("new_counterparty_phone", points=10)
    assert client.get(f"{ADMIN}/riskrule/").status_code == 200
    assert client.get(f"{ADMIN}/riskassessment/").status_code == 200
    form = rule_form(condition="new_counterparty_phone", threshold="", points="99")
    assert client.post(f"{ADMIN}/riskrule/{existing.pk}/change/", form).status_code == 403
    assert RiskRule.objects.get().points == 10
