"""The platform's and each provider's send limits: the one platform row (defaults and the
maximums that clamp every level) and the providers' policies."""

from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import reverse

from limits import services
from limits.admin.base import CEILING_FIELDS, actor_of, adopt, ceilings_html
from limits.forms import PlatformLimitsForm, ProviderLimitPolicyForm
from limits.models import PlatformLimits, ProviderLimitPolicy


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
            actor=actor_of(request),
        )  # fmt: skip
        adopt(obj, saved)
        if changed:
            messages.info(request, f"versions.platform is now {saved.version_id}.")


@admin.register(ProviderLimitPolicy)
class ProviderLimitPolicyAdmin(admin.ModelAdmin):
    form = ProviderLimitPolicyForm
    list_display = ("provider", "ceilings_display", "version_id", "updated_on")
    search_fields = ("provider__id", "provider__name")
    readonly_fields = ("version_id", "created_on", "updated_on")
    actions = ["clear_policies"]

    @admin.display(description="ceilings (blank dimensions fall back to the platform)")
    def ceilings_display(self, obj):
        return ceilings_html(obj.ceilings())

    def get_readonly_fields(self, request, obj=None):
        return self.readonly_fields + (("provider",) if obj else ())

    def has_delete_permission(self, request, obj=None):
        return False  # "Clear" below, through the service

    def has_clear_permission(self, request):
        return request.user.has_perm("limits.delete_providerlimitpolicy")

    def save_model(self, request, obj, form, change):
        saved = services.set_provider_limits(
            provider_id=obj.provider_id, ceilings=form.ceilings(), actor=actor_of(request)
        )
        adopt(obj, saved)

    @admin.action(
        description="Clear selected policies (every dimension falls back to the platform)",
        permissions=["clear"],
    )
    def clear_policies(self, request, queryset):
        for policy in queryset:
            services.clear_provider_limits(provider_id=policy.provider_id, actor=actor_of(request))
        self.message_user(request, f"Cleared {len(queryset)} policies.")
