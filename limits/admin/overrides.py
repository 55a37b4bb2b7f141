"""Per-participant overrides of send limits: set (replacing the current one), expire, or end;
each shows the participant's effective limits as they resolve now."""

from django.contrib import admin
from django.db.models import Q
from django.utils import timezone
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from limits import dimensions, selectors, services
from limits.admin.base import actor_of, adopt
from limits.forms import OverrideAddForm
from limits.models import LimitOverride

# What an override is, in the list and first on its page.
SHOWN = ("participant", "provider", "dimension", "value_display", "expires_on", "state")


class OverrideStateFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("active", "In force"), ("expired", "Expired"), ("ended", "Replaced or cleared")]

    def queryset(self, request, queryset):
        now = timezone.now()
        current = queryset.filter(ended_on__isnull=True)
        if self.value() == "active":
            return current.filter(Q(expires_on__isnull=True) | Q(expires_on__gt=now))
        if self.value() == "expired":
            return current.filter(expires_on__lte=now)
        if self.value() == "ended":
            return queryset.filter(ended_on__isnull=False)
        return queryset


@admin.register(LimitOverride)
class LimitOverrideAdmin(admin.ModelAdmin):
    form = OverrideAddForm
    list_display = (*SHOWN, "created_on", "actor_display_name")
    list_filter = (OverrideStateFilter, "dimension")
    list_select_related = ("enrollment__provider",)
    search_fields = ("enrollment__participant__id", "enrollment__external_id", "reason")
    actions = ["end_overrides"]
    readonly_view_fields = [
        *SHOWN,
        "reason",
        "created_on",
        "ended_on",
        "actor_display_name",
        "effective_limits_now",
    ]

    @admin.display(description="participant", ordering="enrollment__participant_id")
    def participant(self, obj):
        return f"{obj.enrollment.participant_id} ({obj.enrollment.external_id})"

    @admin.display(description="provider")
    def provider(self, obj):
        return obj.enrollment.provider

    @admin.display(description="ceiling")
    def value_display(self, obj):
        return dimensions.display(dimensions.BY_NAME[obj.dimension], obj.value)

    @admin.display(description="state")
    def state(self, obj):
        if obj.ended_on is not None:
            return "replaced or cleared"
        return "in force" if obj.is_active(timezone.now()) else "expired"

    @admin.display(description="effective limits now")
    def effective_limits_now(self, obj):
        resolved = selectors.resolve_for(
            provider_id=obj.enrollment.provider_id, enrollment=obj.enrollment
        )
        rows = [
            (
                dimensions.BY_NAME[name].label,
                dimensions.display(dimensions.BY_NAME[name], limit.ceiling),
                limit.source,
            )
            for name, limit in resolved.items()
        ]
        return format_html_join(mark_safe("<br>"), "{}: {} ({})", rows)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["provider", "participant", "dimension", "value", "expires_on", "reason"]
        return self.readonly_view_fields

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_view_fields if obj else ()

    def has_change_permission(self, request, obj=None):
        return False  # set a new override instead: it replaces the current one

    def has_delete_permission(self, request, obj=None):
        return False

    def has_end_permission(self, request):
        return request.user.has_perm("limits.delete_limitoverride")

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        [saved] = services.set_limit_override(
            enrollment=data["enrollment"],
            values={data["dimension"]: data["minor"]},
            expires_on=data.get("expires_on"),
            reason=data.get("reason") or "",
            actor=actor_of(request),
        )
        adopt(obj, saved)

    @admin.action(description="End selected overrides", permissions=["end"])
    def end_overrides(self, request, queryset):
        for override in queryset.filter(ended_on__isnull=True).select_related("enrollment"):
            services.clear_limit_override(
                enrollment=override.enrollment,
                dimension_names=[override.dimension],
                actor=actor_of(request),
            )
        self.message_user(request, "Ended. The participants resolve without these overrides.")
