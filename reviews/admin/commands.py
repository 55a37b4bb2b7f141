"""Review commands in the admin: the accepted-later (202) commands of the participant-review
API and how each was applied. A rejection at apply time (a stale version, a resolved review)
is only visible here."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from common.admin import ReadOnlyAdmin
from reviews.admin.queue import actor_label
from reviews.models import ReviewCommand


@admin.register(ReviewCommand)
class ReviewCommandAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "kind",
        "status",
        "rejection",
        "attempts",
        "review_link",
        "provider",
        "actor",
        "created_on",
        "applied_on",
    )
    list_filter = ("status", "kind", ("provider", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("provider",)
    search_fields = ("=id", "=review__id")
    ordering = ("-created_on", "-id")
    date_hierarchy = "created_on"
    fields = (*list_display, "payload", "enqueued_on")
    readonly_fields = fields

    @admin.display(description="review", ordering="review_id")
    def review_link(self, command):
        if not command.review_id:
            return "—"
        url = reverse("admin:reviews_participantreview_change", args=[command.review_id])
        return format_html('<a href="{}">{}</a>', url, command.review_id)

    @admin.display(description="actor")
    def actor(self, command):
        return actor_label(command.actor)
