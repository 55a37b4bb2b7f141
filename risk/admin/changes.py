"""The risk configuration's audit trail in the admin: read-only, every change with who, when,
the values before and after, and why."""

from django.contrib import admin

from common.admin import ACTOR_FIELDS, ChangeTrailAdmin
from risk.models import RiskChange


@admin.register(RiskChange)
class RiskChangeAdmin(ChangeTrailAdmin):
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
        *ACTOR_FIELDS,
        "reason",
        "values",
    )
    readonly_fields = fields
