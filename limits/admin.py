"""Staff screens for send limits. Every save goes through limits.services (the same functions
the commands call), so versions, locks and the audit trail are the same whichever door is used.
"""

from django.contrib import admin, messages
from django.db.models import Count, Q
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from common.actors import Actor
from common.admin import ReadOnlyAdmin
from limits import dimensions, selectors, services
from limits.forms import (
    LimitGroupForm,
    MembershipAddForm,
    OverrideAddForm,
    PlatformLimitsForm,
    ProviderLimitPolicyForm,
)
from limits.models import (
    LimitChange,
    LimitGroup,
    LimitGroupMembership,
    LimitOverride,
    PlatformLimits,
    ProviderLimitPolicy,
)

D = dimensions.DIMENSIONS
CEILING_FIELDS = tuple(d.field for d in D)


def _actor(request) -> Actor:
    return Actor.user(request.user)


def _ceilings_html(values: dict[str, int | None]) -> str:
    shown = [
        (d.label, dimensions.display(d, values[d.name])) for d in D if values[d.name] is not None
    ]
    if not shown:
        return "—"
    return format_html_join(", ", "{}: {}", shown)


def _adopt(obj, saved) -> None:
    """Point the admin's unsaved instance at the row the service wrote (for messages, log)."""
    obj.pk = saved.pk
    obj.refresh_from_db()


# ---- platform ------------------------------------------------------------


@admin.register(PlatformLimits)
class PlatformLimitsAdmin(admin.ModelAdmin):
    form = PlatformLimitsForm
    fieldsets = [
        ("Defaults (what applies when no provider, group or override sets a dimension)", {
            "fields": [f"default_{f}" for f in CEILING_FIELDS],
        }),
        ("Maximums (clamp every level: `<source>+platform-clamp`)", {
            "fields": [f"maximum_{f}" for f in CEILING_FIELDS],
        }),
        ("Version", {"fields": ["currency", "version_id", "updated_on"]}),
    ]  # fmt: skip
    readonly_fields = ("currency", "version_id", "updated_on")

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        # One row: go straight to it.
        url = reverse("admin:limits_platformlimits_change", args=[PlatformLimits.SINGLETON_ID])
        return HttpResponseRedirect(url)

    def save_model(self, request, obj, form, change):
        saved, changed = services.set_platform_limits(
            defaults=form.ceilings("default_"), maximums=form.ceilings("maximum_"),
            actor=_actor(request),
        )  # fmt: skip
        _adopt(obj, saved)
        if changed:
            messages.info(request, f"versions.platform is now {saved.version_id}.")


# ---- provider policy -----------------------------------------------------


@admin.register(ProviderLimitPolicy)
class ProviderLimitPolicyAdmin(admin.ModelAdmin):
    form = ProviderLimitPolicyForm
    list_display = ("provider", "ceilings_display", "version_id", "updated_on")
    search_fields = ("provider__id", "provider__name")
    readonly_fields = ("version_id", "created_on", "updated_on")
    actions = ["clear_policies"]

    @admin.display(description="ceilings (blank dimensions fall back to the platform)")
    def ceilings_display(self, obj):
        return _ceilings_html(obj.ceilings())

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_fields + (("provider",) if obj else ())

    def has_delete_permission(self, request, obj=None):
        return False  # "Clear" below, through the service

    def has_clear_permission(self, request):
        return request.user.has_perm("limits.delete_providerlimitpolicy")

    def save_model(self, request, obj, form, change):
        saved = services.set_provider_limits(
            provider_id=obj.provider_id, ceilings=form.ceilings(), actor=_actor(request)
        )
        _adopt(obj, saved)

    @admin.action(
        description="Clear selected policies (every dimension falls back to the platform)",
        permissions=["clear"],
    )
    def clear_policies(self, request, queryset):
        for policy in queryset:
            services.clear_provider_limits(provider_id=policy.provider_id, actor=_actor(request))
        self.message_user(request, f"Cleared {len(queryset)} policies.")


# ---- groups --------------------------------------------------------------


class DateSetFilter(admin.SimpleListFilter):
    """Rows whose `field` date is unset (still live or active) or set (deleted, ended)."""

    field = ""
    unset = ("no", "Active")
    is_set = ("yes", "Ended")

    def lookups(self, request, model_admin):
        return [self.unset, self.is_set]

    def queryset(self, request, queryset):
        if self.value() in (self.unset[0], self.is_set[0]):
            return queryset.filter(**{f"{self.field}__isnull": self.value() == self.unset[0]})
        return queryset


class LiveListFilter(DateSetFilter):
    title = "state"
    parameter_name = "state"
    field = "deleted_on"
    unset = ("live", "Live")
    is_set = ("deleted", "Deleted")


@admin.register(LimitGroup)
class LimitGroupAdmin(admin.ModelAdmin):
    form = LimitGroupForm
    list_display = ("name", "provider", "ceilings_display", "members", "deleted_on")
    list_filter = (LiveListFilter, "provider")
    search_fields = ("name", "id", "provider__id", "provider__name")
    readonly_fields = ("id", "members", "created_on", "updated_on", "deleted_on")
    actions = ["delete_groups"]
    fieldsets = [
        (None, {"fields": ["id", "provider", "name", "members"]}),
        ("Ceilings (a blank dimension is left to the provider or platform level)", {
            "fields": list(CEILING_FIELDS),
        }),
        ("History", {"fields": ["created_on", "updated_on", "deleted_on"]}),
    ]  # fmt: skip

    def get_queryset(self, request):
        active = Count("memberships", filter=Q(memberships__ended_on__isnull=True))
        return super().get_queryset(request).annotate(member_count=active)

    @admin.display(description="ceilings")
    def ceilings_display(self, obj):
        return _ceilings_html(obj.ceilings())

    @admin.display(description="active members")
    def members(self, obj):
        if obj.pk is None:
            return 0
        count = getattr(obj, "member_count", None)
        if count is None:
            count = obj.memberships.filter(ended_on__isnull=True).count()
        url = reverse("admin:limits_limitgroupmembership_changelist")
        return format_html('<a href="{}?group__id__exact={}&ended=no">{}</a>', url, obj.pk, count)

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_fields + (("provider",) if obj else ())

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.deleted_on is not None:
            return False  # a deleted group is history
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False  # soft delete through the action below

    def has_soft_delete_permission(self, request):
        return request.user.has_perm("limits.delete_limitgroup")

    def get_search_results(self, request, queryset, search_term):
        queryset, distinct = super().get_search_results(request, queryset, search_term)
        if request.GET.get("field_name") == "group":  # autocomplete on the membership form
            queryset = queryset.filter(deleted_on__isnull=True)
        return queryset, distinct

    def save_model(self, request, obj, form, change):
        if change:
            saved = services.update_limit_group(
                group_id=obj.pk, name=form.cleaned_data["name"], ceilings=form.ceilings(),
                actor=_actor(request),
            )  # fmt: skip
        else:
            saved = services.create_limit_group(
                provider_id=obj.provider_id, name=form.cleaned_data["name"],
                ceilings=form.ceilings(), actor=_actor(request),
            )  # fmt: skip
        _adopt(obj, saved)

    @admin.action(
        description="Delete selected groups (members fall back at once)",
        permissions=["soft_delete"],
    )
    def delete_groups(self, request, queryset):
        for group in queryset.filter(deleted_on__isnull=True):
            services.delete_limit_group(
                provider_id=group.provider_id, group_id=group.pk, actor=_actor(request)
            )
        self.message_user(request, "Deleted. Members now resolve without these groups.")


# ---- memberships ---------------------------------------------------------


class EndedListFilter(DateSetFilter):
    title = "ended"
    parameter_name = "ended"
    field = "ended_on"


@admin.register(LimitGroupMembership)
class LimitGroupMembershipAdmin(admin.ModelAdmin):
    form = MembershipAddForm
    list_display = ("participant", "external_id", "group", "provider", "created_on", "ended_on")
    list_filter = (EndedListFilter, ("group", admin.RelatedOnlyFieldListFilter))
    list_select_related = ("group__provider", "enrollment")
    search_fields = (
        "enrollment__participant__id",
        "enrollment__external_id",
        "group__name",
        "group__id",
    )
    autocomplete_fields = ("group",)
    actions = ["end_memberships"]

    @admin.display(description="participant", ordering="enrollment__participant_id")
    def participant(self, obj):
        return obj.enrollment.participant_id

    @admin.display(description="externalID")
    def external_id(self, obj):
        return obj.enrollment.external_id

    @admin.display(description="provider")
    def provider(self, obj):
        return obj.group.provider

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["group", "participant"]
        return ["group", "participant", "external_id", "provider", "created_on", "ended_on"]

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj) if obj else ()

    def has_change_permission(self, request, obj=None):
        return False  # memberships are added or ended, never edited

    def has_delete_permission(self, request, obj=None):
        return False

    def has_end_permission(self, request):
        return request.user.has_perm("limits.delete_limitgroupmembership")

    def save_model(self, request, obj, form, change):
        saved, created = services.add_to_limit_group(
            group_id=form.cleaned_data["group"].pk,
            enrollment=form.cleaned_data["enrollment"],
            actor=_actor(request),
        )
        _adopt(obj, saved)
        if not created:
            messages.info(request, "The participant was already a member.")

    @admin.action(description="End selected memberships", permissions=["end"])
    def end_memberships(self, request, queryset):
        for membership in queryset.filter(ended_on__isnull=True, group__deleted_on__isnull=True):
            services.remove_from_limit_group(
                group_id=membership.group_id,
                enrollment=membership.enrollment,
                actor=_actor(request),
            )
        self.message_user(request, "Ended. The participants resolve without these groups.")


# ---- overrides -----------------------------------------------------------


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
    list_display = (
        "participant",
        "provider",
        "dimension",
        "value_display",
        "expires_on",
        "state",
        "created_on",
        "actor_display_name",
    )
    list_filter = (OverrideStateFilter, "dimension")
    list_select_related = ("enrollment__provider",)
    search_fields = ("enrollment__participant__id", "enrollment__external_id", "reason")
    actions = ["end_overrides"]
    readonly_view_fields = [
        "participant",
        "provider",
        "dimension",
        "value_display",
        "expires_on",
        "state",
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
            actor=_actor(request),
        )
        _adopt(obj, saved)

    @admin.action(description="End selected overrides", permissions=["end"])
    def end_overrides(self, request, queryset):
        for override in queryset.filter(ended_on__isnull=True).select_related("enrollment"):
            services.clear_limit_override(
                enrollment=override.enrollment,
                dimension_names=[override.dimension],
                actor=_actor(request),
            )
        self.message_user(request, "Ended. The participants resolve without these overrides.")


# ---- audit trail ---------------------------------------------------------


@admin.register(LimitChange)
class LimitChangeAdmin(ReadOnlyAdmin):
    list_display = ("created_on", "kind", "action", "provider", "subject", "actor_display_name")
    list_filter = ("kind", "action")
    search_fields = ("subject", "provider__id", "version_id", "actor_display_name")
    date_hierarchy = "created_on"
