import json

from django import forms
from django.contrib import admin
from django.db import models
from django.template.response import TemplateResponse

from common import admin as common_admin
from common.actors import Actor
from common.admin import ACTOR_FIELDS
from common.errors import InvalidRequest
from ledger import keys, services
from ledger.models import (
    CallbackAttempt,
    LedgerCall,
    LedgerRegistration,
    LedgerRegistrationChange,
)


class LedgerRegistrationForm(forms.ModelForm):
    # Checked by the service's rule (which, unlike URLValidator, allows internal host names).
    authorize_url = forms.CharField(max_length=2000)
    release_url = forms.CharField(max_length=2000)
    capture_url = forms.CharField(max_length=2000)
    generate_key = forms.BooleanField(
        required=False,
        label="Generate a new key",
        help_text="Replaces the key. The new key is shown once, right after saving.",
    )
    new_key = forms.CharField(
        required=False,
        label="Set key (JWK)",
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off"}),
        help_text='Replaces the key: {"kty": "oct", "k": "<256-bit base64url>"}. Never shown back.',
    )

    class Meta:
        model = LedgerRegistration
        fields = ("provider", "authorize_url", "release_url", "capture_url")

    def clean(self):
        data = super().clean()
        new_key = (data.get("new_key") or "").strip()
        if new_key and data.get("generate_key"):
            raise forms.ValidationError("Generate a key or set one, not both.")
        if self.instance._state.adding and not new_key and not data.get("generate_key"):
            raise forms.ValidationError("A new registration needs a key: generate or set one.")
        if new_key:
            try:
                keys.parse(new_key)
            except keys.InvalidKey as exc:
                self.add_error("new_key", str(exc))
        for endpoint in ("authorize", "release", "capture"):
            field = f"{endpoint}_url"
            if data.get(field):
                try:
                    services.check_url(data[field], endpoint)
                except InvalidRequest as exc:
                    self.add_error(field, exc.detail)
        return data


@admin.register(LedgerRegistration)
class LedgerRegistrationAdmin(admin.ModelAdmin):
    form = LedgerRegistrationForm
    list_display = ("provider", "authorize_url", "key_id", "key_set_on", "updated_on")
    search_fields = ("provider__id", "provider__name")
    readonly_fields = ("key", "key_set_on", "created_on", "updated_on")
    fields = (
        "provider",
        "authorize_url",
        "release_url",
        "capture_url",
        "key",
        "generate_key",
        "new_key",
        "key_set_on",
        "created_on",
        "updated_on",
    )

    def get_readonly_fields(self, request, obj=None):
        return (*self.readonly_fields, "provider") if obj else self.readonly_fields

    def has_delete_permission(self, request, obj=None):
        return False  # re-pointed, never removed here: every change goes through the trail

    @admin.display(description="Key")
    def key(self, obj):
        if not obj or not obj.key_id:
            return "-"
        return f"•••••••• (256-bit oct, A256KW; thumbprint {obj.key_id})"

    def save_model(self, request, obj, form, change):
        # The service owns the write (it seals the key); the form only collected the input.
        registered = services.register_ledger(
            provider_id=obj.provider_id,
            authorize_url=obj.authorize_url,
            release_url=obj.release_url,
            capture_url=obj.capture_url,
            key=(form.cleaned_data.get("new_key") or "").strip() or None,
            generate_key=form.cleaned_data.get("generate_key", False),
            actor=Actor.user(request.user),
        )
        saved = registered.registration
        for name in ("key_sealed", "key_id", "key_set_on", "created_on", "updated_on"):
            setattr(obj, name, getattr(saved, name))
        obj._state.adding = False
        request._generated_ledger_key = registered.generated_key

    def _show_generated_key(self, request, obj):
        generated = getattr(request, "_generated_ledger_key", None)
        if generated is None:
            return None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": obj,
            "shown_once": json.dumps(keys.as_jwk(generated)),
            "title": "New ledger key",
        }
        return TemplateResponse(request, "admin/ledger/generated_key.html", context)

    def response_add(self, request, obj, post_url_continue=None):
        return self._show_generated_key(request, obj) or super().response_add(
            request, obj, post_url_continue
        )

    def response_change(self, request, obj):
        return self._show_generated_key(request, obj) or super().response_change(request, obj)


@admin.register(LedgerRegistrationChange)
class LedgerRegistrationChangeAdmin(common_admin.ChangeTrailAdmin):
    """Who re-pointed which provider's ledger, or set its key, and when."""

    list_display = ("created_on", "provider_id", "action", "actor_display_name", "actor_kind")
    list_filter = ("action", "actor_kind")
    search_fields = ("=provider_id", "actor_display_name")
    date_hierarchy = "created_on"
    fields = (
        "created_on",
        "provider_id",
        "action",
        *ACTOR_FIELDS,
        "values",
    )
    readonly_fields = fields


class ReadOnlyAdmin(common_admin.ReadOnlyAdmin):
    """A log: viewable by staff, written only by the service."""

    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


class CallbackAttemptInline(common_admin.ReadOnlyInline):
    model = CallbackAttempt
    fields = (
        "attempt",
        "started_on",
        "http_status",
        "latency_ms",
        "outcome",
        "retry_in_ms",
        "error",
    )
    readonly_fields = fields
    ordering = ("attempt",)


@admin.register(LedgerCall)
class LedgerCallAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "provider",
        "endpoint",
        "payout_id",
        "status",
        "outcome",
        "failure_code",
        "attempts",
        "http_status",
        "created_on",
        "completed_on",
    )
    list_filter = ("endpoint", "status", "outcome", "failure_code")
    search_fields = ("id", "payout_id", "idempotency_key", "provider__id")
    date_hierarchy = "created_on"
    inlines = [CallbackAttemptInline]


@admin.register(CallbackAttempt)
class CallbackAttemptAdmin(ReadOnlyAdmin):
    list_display = (
        "started_on",
        "provider",
        "endpoint",
        "payout_id",
        "attempt",
        "http_status",
        "latency_ms",
        "outcome",
        "short_error",
    )
    list_filter = ("endpoint", "outcome", "http_status")
    search_fields = ("payout_id", "call__id", "call__idempotency_key", "provider__id")
    date_hierarchy = "started_on"
    list_select_related = ("provider",)

    @admin.display(description="error")
    def short_error(self, obj):
        return obj.error[:80]
