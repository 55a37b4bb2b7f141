from django.contrib import admin

from providers.models import ApiKey, BearerToken, Provider


class ApiKeyInline(admin.TabularInline):
    model = ApiKey
    extra = 0
    fields = ("id", "label", "scopes", "created_on", "last_used_on", "revoked_on")
    readonly_fields = ("id", "scopes", "created_on", "last_used_on")
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # keys are created by `create_api_key`, which shows the secret once


@admin.register(Provider)
class ProviderAdmin(admin.ModelAdmin):
    list_display = ("name", "id", "created_on")
    search_fields = ("name", "id")
    readonly_fields = ("id", "created_on")
    fieldsets = (
        (None, {"fields": ("id", "name", "created_on")}),
        (
            "Rate limits of each API key (empty: the service's defaults)",
            {"fields": ("reads_per_window", "writes_per_window", "webhook_tests_per_window")},
        ),
    )
    inlines = [ApiKeyInline]


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    list_display = ("id", "provider", "label", "created_on", "last_used_on", "revoked_on")
    list_filter = ("revoked_on",)
    search_fields = ("id", "provider__name", "provider__id")
    readonly_fields = ("id", "provider", "scopes", "created_on", "last_used_on")
    fields = ("id", "provider", "label", "scopes", "created_on", "last_used_on", "revoked_on")

    def has_add_permission(self, request):
        return False


@admin.register(BearerToken)
class BearerTokenAdmin(admin.ModelAdmin):
    list_display = ("id", "provider", "api_key", "expires_on", "revoked_on")
    search_fields = ("id", "provider__id")
    readonly_fields = ("id", "provider", "api_key", "scopes", "created_on", "expires_on")
    fields = ("id", "provider", "api_key", "scopes", "created_on", "expires_on", "revoked_on")

    def has_add_permission(self, request):
        return False
