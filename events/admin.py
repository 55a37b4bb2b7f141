"""Staff screens: the event log and deliveries (read-only), and webhook endpoints, whose every
write goes through `events.services` like the API's."""

from django import forms
from django.contrib import admin, messages
from django.template.response import TemplateResponse

from common.admin import ReadOnlyAdmin, ReadOnlyInline
from events import addresses, services
from events.models import Delivery, DeliveryAttempt, Event, WebhookEndpoint
from events.types import ALL_TYPES


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ("created_on", "type", "id", "provider", "request_id")
    list_filter = ("type",)
    search_fields = ("id", "provider__id", "request_id")
    date_hierarchy = "created_on"
    readonly_fields = ("id", "provider", "type", "created_on", "request_id", "data")


class DeliveryAttemptInline(ReadOnlyInline):
    model = DeliveryAttempt
    fields = (
        "number",
        "started_on",
        "finished_on",
        "status_code",
        "latency_ms",
        "error",
        "response_excerpt",
    )
    readonly_fields = fields


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyAdmin):
    list_display = (
        "created_on",
        "event",
        "endpoint",
        "status",
        "attempts",
        "next_attempt_on",
        "delivered_on",
    )
    list_filter = ("status",)
    search_fields = ("id", "event__id", "endpoint__id", "endpoint__url")
    date_hierarchy = "created_on"
    list_select_related = ("event", "endpoint")
    inlines = [DeliveryAttemptInline]


@admin.register(DeliveryAttempt)
class DeliveryAttemptAdmin(ReadOnlyAdmin):
    list_display = (
        "started_on",
        "delivery",
        "number",
        "finished_on",
        "status_code",
        "latency_ms",
        "error",
    )
    list_filter = ("status_code",)
    search_fields = ("delivery__id", "delivery__event__id", "delivery__endpoint__url")
    date_hierarchy = "started_on"


class EndpointForm(forms.ModelForm):
    url = forms.CharField(max_length=2048)
    event_types = forms.MultipleChoiceField(
        choices=[(t, t) for t in ALL_TYPES],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="None checked: every type.",
    )

    class Meta:
        model = WebhookEndpoint
        fields = ("provider", "url", "event_types", "description")

    def clean_url(self):
        url = self.cleaned_data["url"]
        try:
            addresses.check(url, resolve=False)
        except addresses.UnsafeURL as exc:
            raise forms.ValidationError(f"The URL {exc}.") from None
        return url


class RedeliverSinceForm(forms.Form):
    since = forms.DateTimeField(help_text="UTC, e.g. 2026-11-24 09:00")


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    form = EndpointForm
    list_display = ("id", "provider", "url", "status", "failing_since", "created_on", "deleted_on")
    list_filter = ("status",)
    search_fields = ("id", "url", "provider__id")
    actions = ["enable", "send_test", "rotate_secret", "redeliver_since"]
    readonly_fields = (
        "id",
        "status",
        "disabled_on",
        "disabled_reason",
        "failing_since",
        "previous_secret_expires_on",
        "created_on",
        "updated_on",
        "deleted_on",
    )

    def get_readonly_fields(self, request, obj=None):
        # After creation only the services change an endpoint (delete, rotate, enable).
        if obj is not None:
            return (*self.readonly_fields, "provider", "url", "event_types", "description")
        return self.readonly_fields

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and (
            obj is None or obj.deleted_on is None
        )

    def save_model(self, request, obj, form, change):
        if change:
            return
        endpoint, secret = services.create_endpoint(
            provider_id=obj.provider_id,
            url=form.cleaned_data["url"],
            event_types=form.cleaned_data.get("event_types") or [],
            description=form.cleaned_data.get("description", ""),
        )
        obj.pk = endpoint.pk
        obj._state.adding = False
        request._webhook_secret = (endpoint, secret)

    def delete_model(self, request, obj):
        services.delete_endpoint(provider_id=obj.provider_id, endpoint_id=obj.pk)

    def delete_queryset(self, request, queryset):
        for endpoint in queryset:
            self.delete_model(request, endpoint)

    def _secret_page(self, request, endpoint, secret):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": endpoint,
            "shown_once": secret,
            "title": "Webhook signing secret",
        }
        return TemplateResponse(request, "admin/events/secret.html", context)

    def response_add(self, request, obj, post_url_continue=None):
        created = getattr(request, "_webhook_secret", None)
        if created is not None:
            return self._secret_page(request, *created)
        return super().response_add(request, obj, post_url_continue)

    @admin.action(description="Enable (and send what they were owed while off)")
    def enable(self, request, queryset):
        for endpoint in queryset:
            services.enable_endpoint(provider_id=endpoint.provider_id, endpoint_id=endpoint.pk)
        self.message_user(request, f"Enabled {queryset.count()} endpoint(s).")

    @admin.action(description="Send a webhook.test event")
    def send_test(self, request, queryset):
        for endpoint in queryset:
            event = services.send_test(provider_id=endpoint.provider_id, endpoint_id=endpoint.pk)
            self.message_user(request, f"Sent {event.pk} to {endpoint.url}.")

    @admin.action(description="Rotate the signing secret (one endpoint)")
    def rotate_secret(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Rotate one endpoint at a time.", messages.WARNING)
            return None
        endpoint = queryset.get()
        endpoint, secret = services.rotate_secret(
            provider_id=endpoint.provider_id, endpoint_id=endpoint.pk
        )
        return self._secret_page(request, endpoint, secret)

    @admin.action(description="Redeliver events since a time")
    def redeliver_since(self, request, queryset):
        form = RedeliverSinceForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            total = 0
            for endpoint in queryset:
                total += len(
                    services.redeliver_since(
                        provider_id=endpoint.provider_id,
                        endpoint_id=endpoint.pk,
                        since=form.cleaned_data["since"],
                    )
                )
            self.message_user(request, f"{total} delivery(ies) scheduled.")
            return None
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "form": form,
            "queryset": queryset,
            "title": "Redeliver events",
        }
        return TemplateResponse(request, "admin/events/redeliver_since.html", context)
