from django.contrib import admin

from common.admin import ReadOnlyAdmin
from events.sandbox.models import ReceivedWebhook


@admin.register(ReceivedWebhook)
class ReceivedWebhookAdmin(ReadOnlyAdmin):
    list_display = ("received_on", "event_type", "webhook_id", "verified", "status_code", "error")
    list_filter = ("verified", "event_type")
    search_fields = ("webhook_id", "event_type")
    readonly_fields = [f.name for f in ReceivedWebhook._meta.fields]
