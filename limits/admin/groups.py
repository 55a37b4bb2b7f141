"""Limit groups and their memberships: a group's ceilings apply to its active members; a
deleted group and an ended membership stay as history."""

from django.contrib import admin, messages
from django.db.models import Count, Q
from django.urls import reverse
from django.utils.html import format_html

from limits import services
from limits.admin.base import CEILING_FIELDS, DateSetFilter, actor_of, adopt, ceilings_html
from limits.forms import LimitGroupForm, MembershipAddForm
from limits.models import LimitGroup, LimitGroupMembership


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
        return ceilings_html(obj.ceilings())

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
                actor=actor_of(request),
            )  # fmt: skip
        else:
            saved = services.create_limit_group(
                provider_id=obj.provider_id, name=form.cleaned_data["name"],
                ceilings=form.ceilings(), actor=actor_of(request),
            )  # fmt: skip
        adopt(obj, saved)

    @admin.action(
        description="Delete selected groups (members fall back at once)",
        permissions=["soft_delete"],
    )
    def delete_groups(self, request, queryset):
        for group in queryset.filter(deleted_on__isnull=True):
            services.delete_limit_group(
                provider_id=group.provider_id, group_id=group.pk, actor=actor_of(request)
            )
        self.message_user(request, "Deleted. Members now resolve without these groups.")


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
            actor=actor_of(request),
        )
        adopt(obj, saved)
        if not created:
            messages.info(request, "The participant was already a member.")

    @admin.action(description="End selected memberships", permissions=["end"])
    def end_memberships(self, request, queryset):
        for membership in queryset.filter(ended_on__isnull=True, group__deleted_on__isnull=True):
            services.remove_from_limit_group(
                group_id=membership.group_id,
                enrollment=membership.enrollment,
                actor=actor_of(request),
            )
        self.message_user(request, "Ended. The participants resolve without these groups.")
