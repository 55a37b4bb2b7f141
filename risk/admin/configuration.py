"""The risk configuration screens: the thresholds (the one policy row), rules, list entries
and the allowlist. The engine reads them at every assessment, so a save takes effect at the
next one. Every save and delete goes through `risk.services` with a reason and is kept in
the change history (`AuditedAdmin`); the forms' checks are the models' (`risk.validation`).
"""

from django.contrib import admin
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html

from common.words import words
from risk import services, validation
from risk.admin.audited import AuditedAdmin, ChangeReasonForm
from risk.admin.backtest import BacktestMixin
from risk.models import RiskAllowlistEntry, RiskAssessment, RiskListEntry, RiskPolicy, RiskRule
from risk.policy import POLICY_ID
from risk.rule_stats import WINDOW, RuleStats, rule_stats

# ---- policy -----------------------------------------------------------------------------


class RiskPolicyForm(ChangeReasonForm):
    class Meta:
        model = RiskPolicy
        fields = "__all__"
        # In words on the form (the model's own texts name the API's values).
        help_texts = {
            "review_at_score": "A score (0 to 100) at or above this sends the event to review.",
            "deny_at_score": "A score at or above this denies it.",
            "medium_at_score": "The level is medium from this score.",
            "high_at_score": "The level is high from this score.",
            "very_high_at_score": "The level is very high from this score.",
            "aml_medium_amount": "A payment of at least this (platform currency) has a medium "
            "anti-money-laundering level.",
            "aml_high_amount": "A payment of at least this has a high anti-money-laundering level.",
        }


@admin.register(RiskPolicy)
class RiskPolicyAdmin(BacktestMixin, AuditedAdmin):
    changes = services.POLICY
    form = RiskPolicyForm
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
        # One row (made by a migration): go straight to it.
        return HttpResponseRedirect(reverse("admin:risk_riskpolicy_change", args=[POLICY_ID]))


# ---- rules ------------------------------------------------------------------------------


class RiskRuleForm(ChangeReasonForm):
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


@admin.register(RiskRule)
class RiskRuleAdmin(BacktestMixin, AuditedAdmin):
    changes = services.RULES
    form = RiskRuleForm
    list_display = (
        "rule_id",
        "name",
        "condition",
        "events",
        "parameters",
        "points",
        "outcome",
        "mode",
        "recent",
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

    readonly_fields = ("updated_on",)

    def get_readonly_fields(self, request, obj=None):
        # The ruleID is what assessments recorded: it never changes.
        fields = super().get_readonly_fields(request, obj)
        return (*fields, "rule_id") if obj else fields

    def changelist_view(self, request, extra_context=None):
        response = super().changelist_view(request, extra_context)
        changelist = getattr(response, "context_data", {}).get("cl")
        if changelist is not None:
            # The page's rules only, in three queries (risk.rule_stats). The page renders the
            # same (now evaluated) rows, so each carries its own stats: nothing is shared
            # between requests.
            rules = list(changelist.result_list)
            stats = rule_stats([rule.rule_id for rule in rules])
            for rule in rules:
                rule.stats = stats[rule.rule_id]
        return response

    def _stats_of(self, rule: RiskRule) -> RuleStats:
        return getattr(rule, "stats", None) or RuleStats()

    @admin.display(description="mode", ordering="-enabled")
    def mode(self, rule: RiskRule) -> str:
        """Enabled and live in one word, so the recent figures fit at 1400 px."""
        if not rule.enabled:
            return "off"
        return "live" if rule.is_live else "shadow"

    @admin.display(description=f"last {WINDOW.days} days")
    def recent(self, rule: RiskRule) -> str:
        """Hits over rejected share, one narrow column so the list fits 1400 px; the
        rejections' reasons on hover."""
        stats = self._stats_of(rule)
        noun = "hit" if stats.hits == 1 else "hits"
        hits = format_html('<span title="assessments it fired on">{} {}</span>', stats.hits, noun)
        if stats.rejected_share is None:
            return hits
        # Most frequent first, ties by name: the same page for the same data.
        ranked = sorted(stats.reasons.items(), key=lambda item: (-item[1], item[0]))
        reasons = ", ".join(f"{words(reason)} {n}" for reason, n in ranked) or "no rejection"
        return format_html(
            '{}<br><span class="quiet" title="{}">{} of {} resolved rejected</span>',
            hits,
            reasons,
            f"{stats.rejected_share:.0%}",
            stats.resolved,
        )

    @admin.display(description="events")
    def events(self, rule: RiskRule) -> str:
        return ", ".join(
            RiskAssessment.Event(event).label
            for event, field_name in validation.EVENT_FIELDS.items()
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


class RiskListEntryForm(ChangeReasonForm):
    class Meta:
        model = RiskListEntry
        fields = (
            "kind",
            "value",
            "level",
            "note",
            "date_of_birth",
            "country",
            "role",
            "source_list",
            "listed_on",
        )


@admin.register(RiskListEntry)
class RiskListEntryAdmin(BacktestMixin, AuditedAdmin):
    changes = services.LIST_ENTRIES
    form = RiskListEntryForm
    list_display = ("kind", "value", "level", "source_list", "listed_on", "note", "updated_on")
    list_filter = ("kind", "level", "source_list")
    search_fields = ("value", "note", "role", "source_list")
    ordering = ("kind", "value")
    fieldsets = [
        (None, {"fields": ["kind", "value", "level", "note"]}),
        ("The listed person (names lists: what rules a namesake in or out)", {
            "fields": ["date_of_birth", "country", "role", "source_list", "listed_on"],
        }),
    ]  # fmt: skip


@admin.register(RiskAllowlistEntry)
class RiskAllowlistEntryAdmin(AuditedAdmin):
    changes = services.ALLOWLIST_ENTRIES
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
