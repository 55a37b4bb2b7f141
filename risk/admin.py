"""Risk rules, lists, allowlist, thresholds and assessments in the admin.

Rules, lists and the policy are data the engine reads at every assessment, so saving here
takes effect at the next one; assessments keep what they saw and are read-only.
"""

import re

from django import forms
from django.contrib import admin
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from common.admin import ReadOnlyAdmin, ReadOnlyInline
from participants.validators import is_country
from risk import conditions, links
from risk.models import (
    DeviceObservation,
    RiskAllowlistEntry,
    RiskAssessment,
    RiskListEntry,
    RiskPolicy,
    RiskRule,
)
from risk.policy import POLICY_ID, get_policy
from risk.signals import normalize_name

EVENT_FIELDS = {
    RiskAssessment.Event.SIGNUP: "on_signup",
    RiskAssessment.Event.SIGN_IN: "on_sign_in",
    RiskAssessment.Event.PAYMENT: "on_payment",
}
# Conditions whose threshold is a count, not an amount or hours.
COUNT_CONDITIONS = (RiskRule.Condition.PAYMENTS_IN_WINDOW, RiskRule.Condition.SIGN_INS_IN_WINDOW)


class _Stamped(admin.ModelAdmin):
    """Records when an analyst last changed the row."""

    def save_model(self, request, obj, form, change):
        obj.updated_on = timezone.now()
        super().save_model(request, obj, form, change)


# ---- policy -----------------------------------------------------------------------------


@admin.register(RiskPolicy)
class RiskPolicyAdmin(_Stamped):
    fieldsets = [
        ("Decision (a rule's forced outcome can only make it stronger)", {
            "fields": ["review_at_score", "deny_at_score"],
        }),
        ("Level bands of the score", {
            "fields": ["medium_at_score", "high_at_score", "very_high_at_score"],
        }),
        ("amlLevel of a payment (platform currency)", {
            "fields": ["aml_medium_amount", "aml_high_amount"],
        }),
        (None, {"fields": ["updated_on"]}),
    ]  # fmt: skip
    readonly_fields = ("updated_on",)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        # One row: go straight to it (made on first read).
        get_policy()
        return HttpResponseRedirect(reverse("admin:risk_riskpolicy_change", args=[POLICY_ID]))


# ---- rules ------------------------------------------------------------------------------


class RiskRuleForm(forms.ModelForm):
    class Meta:
        model = RiskRule
        fields = (
            "rule_id",
            "name",
            "description",
            "enabled",
            "is_live",
            "condition",
            "threshold",
            "window_minutes",
            "signal_key",
            "signal_level",
            "on_signup",
            "on_sign_in",
            "on_payment",
            "points",
            "outcome",
        )

    def clean(self):
        data = super().clean()
        condition = data.get("condition")
        if condition not in conditions.PARAMETERS:
            return data
        self._check_parameters(condition, data)
        self._check_events(condition, data)
        return data

    def _check_parameters(self, condition, data):
        needed = conditions.PARAMETERS[condition]
        label = RiskRule.Condition(condition).label
        for name, field_names in (
            (conditions.THRESHOLD, ["threshold"]),
            (conditions.WINDOW, ["window_minutes"]),
            (conditions.SIGNAL, ["signal_key", "signal_level"]),
        ):
            for field_name in field_names:
                given = data.get(field_name) not in (None, "")
                if name in needed and not given:
                    self.add_error(field_name, f"Required by “{label}”.")
                elif name not in needed and given:
                    self.add_error(field_name, f"Not used by “{label}”: leave it empty.")
        threshold = data.get("threshold")
        if conditions.THRESHOLD in needed and threshold is not None:
            if threshold <= 0:
                self.add_error("threshold", "Must be greater than zero.")
            elif condition in COUNT_CONDITIONS and threshold != threshold.to_integral_value():
                self.add_error("threshold", "A count: give a whole number.")
        if conditions.WINDOW in needed and data.get("window_minutes") == 0:
            self.add_error("window_minutes", "Must be at least one minute.")

    def _check_events(self, condition, data):
        chosen = [event for event, field_name in EVENT_FIELDS.items() if data.get(field_name)]
        if not chosen:
            raise forms.ValidationError("Choose at least one event to evaluate the rule at.")
        possible = conditions.EVENTS[condition]
        for event in chosen:
            if event not in possible:
                self.add_error(
                    EVENT_FIELDS[event],
                    f"This condition cannot fire at {RiskAssessment.Event(event).label}.",
                )


@admin.register(RiskRule)
class RiskRuleAdmin(_Stamped):
    form = RiskRuleForm
    list_display = (
        "rule_id",
        "name",
        "condition",
        "events",
        "parameters",
        "points",
        "outcome",
        "is_live",
        "enabled",
    )
    list_display_links = ("rule_id", "name")
    list_filter = ("enabled", "is_live", "outcome", "condition", "on_signup", "on_sign_in")
    search_fields = ("name", "description", "=rule_id")
    ordering = ("rule_id",)
    fieldsets = [
        (None, {"fields": ["rule_id", "name", "description", "enabled", "is_live"]}),
        ("Condition and its parameters", {
            "fields": ["condition", "threshold", "window_minutes", "signal_key", "signal_level"],
            "description": "Amounts are in the platform currency; counts are whole numbers; "
            "hours may have decimals.",
        }),
        ("Evaluated at", {"fields": ["on_signup", "on_sign_in", "on_payment"]}),
        ("Effect when it fires", {"fields": ["points", "outcome"]}),
        (None, {"fields": ["updated_on"]}),
    ]  # fmt: skip

    def get_readonly_fields(self, request, obj=None):
        # The ruleID is what assessments recorded: it never changes.
        return ("updated_on", "rule_id") if obj else ("updated_on",)

    @admin.display(description="events")
    def events(self, rule: RiskRule) -> str:
        return ", ".join(
            RiskAssessment.Event(event).label
            for event, field_name in EVENT_FIELDS.items()
            if getattr(rule, field_name)
        )

    @admin.display(description="parameters")
    def parameters(self, rule: RiskRule) -> str:
        shown = []
        if rule.threshold is not None:
            shown.append(f"{rule.threshold.normalize():f}")
        if rule.window_minutes:
            shown.append(f"in {rule.window_minutes} min")
        if rule.signal_key:
            shown.append(f"{rule.signal_key} ≥ {rule.signal_level}")
        return " ".join(shown) or "—"


# ---- lists and allowlist ----------------------------------------------------------------

_PHONE_PREFIX = re.compile(r"^\+[0-9]{1,15}$")
_DOMAIN = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+$")
Kind = RiskListEntry.Kind


def _normalized(kind: str, value: str) -> str:
    """The value as the engine compares it; ValidationError when it cannot be one."""
    value = value.strip()
    if kind == Kind.COUNTRY:
        value = value.upper()
        if not is_country(value):
            raise forms.ValidationError("An ISO 3166-1 alpha-2 country code, e.g. KP.")
    elif kind == Kind.EMAIL_DOMAIN:
        value = value.lower().lstrip("@")
        if not _DOMAIN.match(value):
            raise forms.ValidationError("A domain such as mailinator.com.")
    elif kind == Kind.EMAIL:
        value = value.lower()
        if value.count("@") != 1 or not all(value.split("@")):
            raise forms.ValidationError("An email address.")
    elif kind == Kind.PHONE_PREFIX:
        value = re.sub(r"[\s()-]", "", value)
        if not _PHONE_PREFIX.match(value):
            raise forms.ValidationError("A + and 1 to 15 digits, e.g. +882.")
    else:  # names: compared case-insensitively, single spaces
        value = " ".join(value.split())
        if not normalize_name(value):
            raise forms.ValidationError("A full name.")
    return value


class RiskListEntryForm(forms.ModelForm):
    class Meta:
        model = RiskListEntry
        fields = ("kind", "value", "level", "note")

    def clean(self):
        data = super().clean()
        kind, value = data.get("kind"), data.get("value")
        if not kind or not value:
            return data
        try:
            data["value"] = _normalized(kind, value)
        except forms.ValidationError as error:
            self.add_error("value", error)
            return data
        duplicate = RiskListEntry.objects.filter(kind=kind, value__iexact=data["value"]).exclude(
            pk=self.instance.pk
        )
        if duplicate.exists():
            self.add_error("value", "This value is already on the list.")
        return data


@admin.register(RiskListEntry)
class RiskListEntryAdmin(_Stamped):
    form = RiskListEntryForm
    list_display = ("kind", "value", "level", "note", "updated_on")
    list_filter = ("kind", "level")
    search_fields = ("value", "note")
    ordering = ("kind", "value")


@admin.register(RiskAllowlistEntry)
class RiskAllowlistEntryAdmin(admin.ModelAdmin):
    list_display = ("participant", "rule_label", "reason", "created_on", "expires_on", "active")
    list_filter = ("rule",)
    search_fields = ("=participant__id", "reason")
    raw_id_fields = ("participant",)
    autocomplete_fields = ("rule",)
    fields = ("participant", "rule", "reason", "expires_on", "created_on")
    readonly_fields = ("created_on",)
    ordering = ("-created_on",)

    @admin.display(description="rule")
    def rule_label(self, entry: RiskAllowlistEntry) -> str:
        return str(entry.rule) if entry.rule_id else "every rule"

    @admin.display(boolean=True)
    def active(self, entry: RiskAllowlistEntry) -> bool:
        return entry.expires_on is None or entry.expires_on > timezone.now()


# ---- assessments (read-only) ------------------------------------------------------------


class DeviceObservationInline(ReadOnlyInline):
    model = DeviceObservation
    fields = ("observed_on", "device_type", "model", "os", "os_version", "city", "region")
    readonly_fields = fields
    ordering = ("-observed_on", "-id")


@admin.register(RiskAssessment)
class RiskAssessmentAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "event",
        "decision",
        "level",
        "score",
        "provider",
        "participant_id",
        "payment_id",
        "assessed_on",
    )
    list_filter = ("event", "decision", "level")
    search_fields = ("=id", "=participant__id", "=payment__id")
    date_hierarchy = "assessed_on"
    ordering = ("-assessed_on", "-id")
    inlines = [DeviceObservationInline]
    list_select_related = ("provider",)
    fields = (
        "id",
        "event",
        "provider",
        "participant_id",
        "payment_id",
        "assessed_on",
        "decision",
        "level",
        "score",
        "reasons_list",
        "fired_rules",
        "customer_signals",
        "transaction_evidence",
        "linked_reviews",
    )
    readonly_fields = fields

    @admin.display(description="reasons")
    def reasons_list(self, assessment: RiskAssessment) -> str:
        if not assessment.reasons:
            return "—"
        return format_html(
            "<ul>{}</ul>", format_html_join("", "<li>{}</li>", ((r,) for r in assessment.reasons))
        )

    @admin.display(description="fired rules")
    def fired_rules(self, assessment: RiskAssessment) -> str:
        if not assessment.rules:
            return "none fired"
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    rule["ruleID"],
                    rule["name"],
                    "yes" if rule["isLive"] else "shadow",
                    "yes" if rule["isAllowlisted"] else "no",
                    rule.get("points", "—"),
                    rule.get("outcome", "—"),
                    rule.get("detail", ""),
                )
                for rule in assessment.rules
            ),
        )
        return format_html(
            "<table><tr><th>ruleID</th><th>name</th><th>live</th><th>allowlisted</th>"
            "<th>points</th><th>outcome</th><th>detail</th></tr>{}</table>",
            rows,
        )

    @admin.display(description="customer evidence")
    def customer_signals(self, assessment: RiskAssessment) -> str:
        if not assessment.signals:
            return "—"
        return format_html_join(
            ", ", "{}: {}", ((s["key"], s["value"]) for s in assessment.signals)
        )

    @admin.display(description="transaction evidence")
    def transaction_evidence(self, assessment: RiskAssessment) -> str:
        shown = [
            (label, value)
            for label, value in (
                ("level", assessment.transaction_level),
                ("amlLevel", assessment.aml_level),
            )
            if value
        ]
        return format_html_join(", ", "{}: {}", shown) if shown else "—"

    @admin.display(description="reviews")
    def linked_reviews(self, assessment: RiskAssessment) -> str:
        return ", ".join(links.review_ids_of(assessment.pk)) or "—"
