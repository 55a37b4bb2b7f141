"""The send limits' audit trail: every change made through limits.services, read-only."""

from django.contrib import admin

from common.admin import ReadOnlyAdmin
from limits.models import LimitChange


@admin.register(LimitChange)
class LimitChangeAdmin(ReadOnlyAdmin):
    list_display = ("created_on", "kind", "action", "provider", "subject", "actor_display_name")
    list_filter = ("kind", "action")
    search_fields = ("subject", "provider__id", "version_id", "actor_display_name")
    date_hierarchy = "created_on"
