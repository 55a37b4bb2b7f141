"""The risk configuration's audit trail in the admin: read-only, every change with who, when,
the values before and after, and why."""

from django.contrib import admin
from django.utils.html import format_html, format_html_join

from common.admin import ReadOnlyAdmin
from risk.models import RiskChange


def shown(value) -> str:
    """A recorded value as a person reads it (a dash for none)."""
    return "—" if value in (None, "") else str(value)


def differences(change: RiskChange) -> list[tuple[str, object, object]]:
    """(field, before, after) for each field whose value the change set or changed."""
    before, after = change.before or {}, change.after or {}
    return [
        (name, before.get(name), after.get(name))
        for name in sorted({*before, *after})
        if before.get(name) != after.get(name)
    ]


@admin.register(RiskChange)
class RiskChangeAdmin(ReadOnlyAdmin):
    list_display = ("created_on", "kind", "action", "label", "actor_display_name", "reason")
    list_filter = ("kind", "action")
    search_fields = ("=subject", "label", "reason", "actor_display_name")
    date_hierarchy = "created_on"
    fields = (
        "created_on",
        "kind",
        "action",
        "subject",
        "label",
        "actor_kind",
        "actor_user_id",
        "actor_display_name",
        "actor_email",
        "reason",
        "values",
    )
    readonly_fields = fields

    @admin.display(description="values (before → after)")
    def values(self, change: RiskChange) -> str:
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            ((name, shown(old), shown(new)) for name, old, new in differences(change)),
        )
        return format_html(
            "<table><tr><th>field</th><th>before</th><th>after</th></tr>{}</table>", rows
        )
