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
        "command_column",
        "outcome",
        "review_link",
        "provider_name",
        "actor",
        "accepted",
    )
    list_display_links = ("command_column",)
    list_filter = ("status", "kind", ("provider", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("provider",)
    search_fields = ("=id", "=review__id")
    ordering = ("-created_on", "-id")
    date_hierarchy = "created_on"
    fields = (
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
        "payload",
        "enqueued_on",
    )
    readonly_fields = fields

    class Media:
        css = {"all": ["reviews/queue.css"]}

    @admin.display(description="command", ordering="id")
    def command_column(self, command):
        """The ID's end, whole (the full ID on hover), over the kind: the list fits 1400 px."""
        return format_html(
            '<span class="review-id" title="{}">…{}</span><br><span class="quiet">{}</span>',
            command.pk,
            command.pk[-8:],
            command.kind,
        )

    @admin.display(description="provider", ordering="provider__name")
    def provider_name(self, command):
        return command.provider.name

    @admin.display(description="accepted", ordering="created_on")
    def accepted(self, command):
        return format_html(
            '<span class="review-nowrap">{}</span>', command.created_on.strftime("%Y-%m-%d %H:%M")
        )

    @admin.display(description="outcome", ordering="status")
    def outcome(self, command):
        applied = command.applied_on.strftime("%Y-%m-%d %H:%M") if command.applied_on else ""
        attempts = f"{command.attempts} attempt{'' if command.attempts == 1 else 's'}"
        return format_html(
            '{}{}<br><span class="quiet">{}{}</span>',
            command.status,
            f": {command.rejection}" if command.rejection else "",
            attempts,
            f", applied {applied}" if applied else "",
        )

    @admin.display(description="review", ordering="review_id")
    def review_link(self, command):
        if not command.review_id:
            return "—"
        url = reverse("admin:reviews_participantreview_change", args=[command.review_id])
        return format_html(
            '<a class="review-id" href="{}" title="{}">…{}</a>',
            url,
            command.review_id,
            command.review_id[-8:],
        )

    @admin.display(description="actor")
    def actor(self, command):
        return actor_label(command.actor)
