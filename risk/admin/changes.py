"""The risk configuration's audit trail in the admin: read-only, every change with who, when,
the values before and after, and why."""

from django.contrib import admin

from common.admin import SUBJECT_TRAIL_FIELDS, ChangeTrailAdmin
from risk.models import RiskChange


@admin.register(RiskChange)
class RiskChangeAdmin(ChangeTrailAdmin):
    list_display = ("created_on", "kind", "action", "label", "actor_display_name", "reason")
    list_filter = ("kind", "action")
    search_fields = ("=subject", "label", "reason", "actor_display_name")
    date_hierarchy = "created_on"
    fields = (*SUBJECT_TRAIL_FIELDS, "reason", "values")
    readonly_fields = fields
