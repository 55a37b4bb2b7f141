"""Admin for the sandbox ledger, only where the sandbox is mounted (demo and test setups)."""

from django import forms
from django.conf import settings
from django.contrib import admin

from common.errors import InvalidRequest
from ledger.admin import ReadOnlyAdmin
from ledger.sandbox import services
from ledger.sandbox.models import SandboxAccount, SandboxFaults, SandboxHold, SandboxOperation


class SandboxAccountForm(forms.ModelForm):
    class Meta:
        model = SandboxAccount
        fields = ("provider", "funding_source", "currency", "available_minor")

    def clean(self):
        data = super().clean()
        try:
            services.check_balance(
                funding_source=data.get("funding_source") or self.instance.funding_source,
                amount_minor=data.get("available_minor"),
                currency=data.get("currency"),
            )
        except InvalidRequest as exc:
            raise forms.ValidationError(exc.detail) from None
        return data


class SandboxAccountAdmin(admin.ModelAdmin):
    form = SandboxAccountForm
    list_display = ("funding_source", "provider", "currency", "available_minor", "held_minor")
    search_fields = ("funding_source", "provider__id", "provider__name")
    fields = ("provider", "funding_source", "currency", "available_minor", "held_minor")
    readonly_fields = ("held_minor",)

    def get_readonly_fields(self, request, obj=None):
        fixed = ("provider", "funding_source")
        return (*self.readonly_fields, *fixed) if obj else self.readonly_fields

    def save_model(self, request, obj, form, change):
        saved = services.set_balance(
            provider_id=obj.provider_id,
            funding_source=obj.funding_source,
            amount_minor=obj.available_minor,
            currency=obj.currency,
        )
        obj.pk = saved.pk
        obj._state.adding = False


class SandboxHoldAdmin(ReadOnlyAdmin):
    list_display = (
        "reference",
        "provider",
        "payout_id",
        "amount_minor",
        "currency",
        "status",
        "release_reference",
        "capture_reference",
        "created_on",
    )
    list_filter = ("status",)
    search_fields = ("reference", "payout_id", "provider__id")


class SandboxOperationAdmin(ReadOnlyAdmin):
    list_display = (
        "created_on",
        "provider",
        "endpoint",
        "idempotency_key",
        "payout_id",
        "outcome",
        "replays",
    )
    list_filter = ("endpoint", "outcome")
    search_fields = ("idempotency_key", "payout_id", "provider__id")


class SandboxFaultsForm(forms.ModelForm):
    class Meta:
        model = SandboxFaults
        fields = (
            "provider",
            "rate_503",
            "rate_429",
            "retry_after_seconds",
            "slow_rate",
            "slow_ms",
            "next_statuses",
        )

    def clean(self):
        data = super().clean()
        try:
            services.check_faults(
                rate_503=data.get("rate_503") or 0.0,
                rate_429=data.get("rate_429") or 0.0,
                slow_rate=data.get("slow_rate") or 0.0,
                slow_ms=data.get("slow_ms") or 0,
                retry_after_seconds=data.get("retry_after_seconds") or 0,
                next_statuses=data.get("next_statuses") or (),
            )
        except InvalidRequest as exc:
            raise forms.ValidationError(exc.detail) from None
        return data


class SandboxFaultsAdmin(admin.ModelAdmin):
    form = SandboxFaultsForm
    list_display = (
        "provider",
        "rate_503",
        "rate_429",
        "slow_rate",
        "injected_503",
        "injected_429",
        "injected_slow",
    )
    readonly_fields = (
        "injected_503",
        "injected_429",
        "injected_slow",
        "injected_scripted",
        "updated_on",
    )
    fields = SandboxFaultsForm.Meta.fields + readonly_fields

    def save_model(self, request, obj, form, change):
        services.set_faults(
            provider_id=obj.provider_id,
            rate_503=obj.rate_503,
            rate_429=obj.rate_429,
            slow_rate=obj.slow_rate,
            slow_ms=obj.slow_ms,
            retry_after_seconds=obj.retry_after_seconds,
            next_statuses=obj.next_statuses or (),
        )
        obj._state.adding = False


if settings.SANDBOX_LEDGER_ENABLED:
    admin.site.register(SandboxAccount, SandboxAccountAdmin)
    admin.site.register(SandboxHold, SandboxHoldAdmin)
    admin.site.register(SandboxOperation, SandboxOperationAdmin)
    admin.site.register(SandboxFaults, SandboxFaultsAdmin)
