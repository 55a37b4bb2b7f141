"""Risk assessments in the admin: read-only, with what the engine saw and the reviews the
decision opened (through the hook reviews fills, `risk.links`)."""

from django.contrib import admin
from django.utils.html import format_html, format_html_join

from common.admin import ReadOnlyAdmin, ReadOnlyInline
from risk import links
from risk.models import DeviceObservation, RiskAssessment


class DeviceObservationInline(ReadOnlyInline):
    model = DeviceObservation
    fields = (
        "observed_on",
        "device_id",
        "device_type",
        "model",
        "os",
        "os_version",
        "ip_address",
        "network",
        "user_agent",
        "city",
        "region",
    )
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
