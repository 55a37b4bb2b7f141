"""What every risk configuration screen shares: saving and deleting go through
`risk.services` (never the stock `save_model`), each asks why, and each row's page shows its
history from the trail. Deleting, one row or a selection from the list, asks for the reason on
the confirmation page and deletes nothing without one."""

from django import forms
from django.contrib import admin
from django.contrib.admin import actions
from django.http import QueryDict
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy

from common.actors import Actor
from common.admin import differences, shown
from risk import selectors

REASON_FIELD = "change_reason"


class ChangeReasonForm(forms.ModelForm):
    """A model form that also asks why; the reason is kept with the change."""

    change_reason = forms.CharField(
        label="Reason for this change",
        max_length=512,
        widget=forms.Textarea(attrs={"rows": 2, "cols": 60}),
        help_text="Kept in the change history with who changed what, and when.",
    )


def _reason_of(request) -> str:
    return request.POST.get(REASON_FIELD, "").strip()


class AuditedAdmin(admin.ModelAdmin):
    form = ChangeReasonForm
    changes = None  # a risk.services.Changes: how this model's rows are changed
    actions = ["delete_selected"]

    class Media:
        css = {"all": ["risk/admin.css"]}

    def _actor(self, request) -> Actor:
        return Actor.user(request.user)

    # ---- the form: the model's fields, then why, then the history -----------------------

    def get_fieldsets(self, request, obj=None):
        shown = [
            (name, {**options, "fields": [f for f in options["fields"] if not _ours(f)]})
            for name, options in super().get_fieldsets(request, obj)
        ]
        if obj is None or self.has_change_permission(request, obj):
            shown.append(("Why", {"fields": [REASON_FIELD]}))
        if obj is not None:
            shown.append(("History", {"fields": ["change_history"]}))
        return shown

    def get_readonly_fields(self, request, obj=None):
        return (*super().get_readonly_fields(request, obj), "change_history")

    @admin.display(description="changes")
    def change_history(self, obj) -> str:
        changes = list(selectors.changes_of(obj)) if obj is not None and obj.pk else []
        if not changes:
            return "No change recorded."
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            (
                (
                    change.created_on.strftime("%Y-%m-%d %H:%M:%S %Z"),
                    change.actor_display_name or change.actor_kind,
                    change.action,
                    _what(change),
                    change.reason,
                )
                for change in changes
            ),
        )
        return format_html(
            "<table><tr><th>when</th><th>who</th><th>action</th><th>what changed</th>"
            "<th>reason</th></tr>{}</table>",
            rows,
        )

    # ---- saving and deleting through the services ---------------------------------------

    def save_model(self, request, obj, form, change):
        values = {
            field.attname: getattr(obj, field.attname)
            for field in obj._meta.concrete_fields
            if field.name in form.fields
        }
        reason = form.cleaned_data[REASON_FIELD]
        if change:
            saved = self.changes.update(
                pk=obj.pk, values=values, actor=self._actor(request), reason=reason
            )
        else:
            saved = self.changes.create(values=values, actor=self._actor(request), reason=reason)
        obj.pk = saved.pk  # the admin's messages and history name the row the service wrote
        obj.refresh_from_db()

    def delete_model(self, request, obj):
        self.changes.delete(pk=obj.pk, actor=self._actor(request), reason=_reason_of(request))

    def delete_queryset(self, request, queryset):
        self.changes.delete_many(
            pks=list(queryset.values_list("pk", flat=True)),
            actor=self._actor(request),
            reason=_reason_of(request),
        )

    def delete_view(self, request, object_id, extra_context=None):
        missing = request.method == "POST" and not _reason_of(request)
        if missing:
            # Not confirmed without a reason: Django shows the confirmation page again.
            request.POST = QueryDict()
        extra_context = {**(extra_context or {}), "reason_missing": missing}
        return super().delete_view(request, object_id, extra_context)

    @admin.action(
        permissions=["delete"], description=gettext_lazy("Delete selected %(verbose_name_plural)s")
    )
    def delete_selected(self, request, queryset):
        """Django's own bulk delete, confirmed only with a reason (then `delete_queryset`)."""
        missing = bool(request.POST.get("post")) and not _reason_of(request)
        if missing:
            request.POST = request.POST.copy()
            del request.POST["post"]
        response = actions.delete_selected(self, request, queryset)
        if response is not None:
            response.context_data["reason_missing"] = missing
        return response


def _ours(field) -> bool:
    return field in (REASON_FIELD, "change_history")


def _what(change) -> str:
    if change.action != "update":
        return "—"
    return format_html_join(
        ", ",
        "{}: {} → {}",
        ((name, shown(old), shown(new)) for name, old, new in differences(change)),
    )
