"""What the two review queues share: a read-only detail page with action forms beside it.

Nothing on these screens is a model form. A review changes only through the services the API
calls; each action is a small form POSTed to its own URL, checked for the change permission
("Risk analyst", superusers), and carrying the versions it was rendered with, so a click on
a page that is no longer current is refused instead of applied to something the analyst has
not seen. Viewers without the change permission ("Auditor") get the same page without forms,
and a POST from them is refused with 403.
"""

from dataclasses import dataclass

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Case, Value, When
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, path, reverse
from django.utils.html import format_html
from django.utils.text import Truncator
from django.utils.timesince import timesince

from common.actors import Actor
from common.admin import ReadOnlyAdmin
from common.errors import (
    NotFound,
    ParticipantReviewVersionConflict,
    StateConflict,
    VersionConflict,
)
from common.money import amount_json
from providers.models import Provider
from risk.case_file import case_file, words


class ProviderFilter(admin.SimpleListFilter):
    """The review's provider, by name."""

    title = "provider"
    parameter_name = "provider"

    def lookups(self, request, model_admin):
        return list(Provider.objects.order_by("name", "id").values_list("id", "name"))

    def queryset(self, request, queryset):
        return queryset.filter(provider_id=self.value()) if self.value() else queryset


def pending_first(pending: str = "pending"):
    """Queue order: pending reviews before the rest (then the admin's newest first)."""
    return Case(When(status=pending, then=Value(0)), default=Value(1)).asc()


def status_mark(status: str, label: str = ""):
    """A queue row's status: pending stands out, the rest is quiet."""
    css = "review-pending" if status == "pending" else "review-resolved"
    return format_html('<span class="{}">{}</span>', css, label or status)


def actor_label(actor: Actor) -> str:
    """Who did it, for a person reading the page."""
    return actor.label


def rules_fired(rules: list[dict] | None) -> str:
    """Why the engine opened a review, from an assessment's stored rule results: the rules that
    counted (live, not allowlisted), by name, once each ("" when none counted)."""
    names = [
        rule["name"]
        for rule in rules or []
        if rule.get("isLive", True) and not rule.get("isAllowlisted", False)
    ]
    return f"Rules fired: {', '.join(dict.fromkeys(names))}" if names else ""


def payment_link(payment_id: str) -> str:
    try:
        return reverse("admin:payments_payment_change", args=[payment_id])
    except NoReverseMatch:
        return ""


def assessment_context(assessment) -> dict:
    """An assessment as the detail pages show it: the case file (risk.case_file)."""
    return {
        "assessment": assessment,
        "case": case_file(assessment),
        "level": words(assessment.level),
        "payment_url": payment_link(assessment.payment_id) if assessment.payment_id else "",
        "transaction_level": words(assessment.transaction_level),
        "aml_level": words(assessment.aml_level),
    }


def payment_context(payment) -> dict:
    amount = amount_json(payment.amount_minor, payment.currency)
    return {
        "payment": payment,
        "amount": f"{amount['value']} {payment.currency}",
        "url": payment_link(payment.pk),
    }


@dataclass
class Outcome:
    """What a successful action tells the analyst and writes to the admin history."""

    message: str
    log: str


class ActionForm(forms.Form):
    """An action's form. `carried` names the fields that come from the page (versions), the
    others are what the analyst typed, kept when a stale page is refused."""

    carried: tuple[str, ...] = ()

    def typed(self) -> dict:
        return {
            name: value for name, value in self.cleaned_data.items() if name not in self.carried
        }


class ReviewQueueAdmin(ReadOnlyAdmin):
    """A queue: changelist, read-only detail, actions through services. Subclasses give
    `detail_template`, `action_forms` ({name: form class}), `detail_context`, `initial`
    (the carried values for the page's forms) and `perform`. No model form: every change is
    an action through the services."""

    detail_template = ""
    action_forms: dict[str, type[ActionForm]] = {}
    conflict_message = "This review changed since you opened it; the page now shows it as it is."
    show_full_result_count = False  # the queue can be long; its filters stay exact
    list_per_page = 50
    list_display_links = ("review_column",)
    list_filter = (ProviderFilter, "status")  # a queue may add its own after these
    ordering = (pending_first(), "-created_on", "-id")

    class Media:
        css = {"all": ["reviews/queue.css"]}

    def has_act_permission(self, request) -> bool:
        opts = self.model._meta
        return request.user.has_perm(f"{opts.app_label}.change_{opts.model_name}")

    # ---- columns both queues show ------------------------------------------------------

    @admin.display(description="review", ordering="id")
    def review_column(self, review):
        """The ID's end (enough to tell rows apart; the whole ID on hover and on the page)
        over the reason."""
        short = format_html('<span title="{}">…{}</span>', review.pk, str(review.pk)[-6:])
        reason = Truncator(self.reason_of(review)).chars(60)
        if not reason:
            return short
        return format_html('{}<span class="review-reason">{}</span>', short, reason)

    @admin.display(description="provider", ordering="provider__name")
    def provider_name(self, review):
        return review.provider.name

    @admin.display(description="age", ordering="created_on")
    def age(self, review):
        return timesince(review.created_on)

    def get_urls(self):
        opts = self.model._meta
        name = f"{opts.app_label}_{opts.model_name}_act"
        act = self.admin_site.admin_view(self.act_view)
        return [path("<path:object_id>/act/<slug:action>/", act, name=name), *super().get_urls()]

    def act_url(self, obj, action: str) -> str:
        opts = self.model._meta
        return reverse(
            f"admin:{opts.app_label}_{opts.model_name}_act",
            args=[obj.pk, action],
            current_app=self.admin_site.name,
        )

    def detail_url(self, obj) -> str:
        opts = self.model._meta
        return reverse(
            f"admin:{opts.app_label}_{opts.model_name}_change",
            args=[obj.pk],
            current_app=self.admin_site.name,
        )

    # ---- to fill in -------------------------------------------------------------------

    def reason_of(self, review) -> str:
        """The reason a queue row shows (an engine-opened review: the rules that fired)."""
        return review.reason

    def detail_context(self, request, obj) -> dict:
        return {}

    def is_open(self, obj) -> bool:
        return obj.status == "pending"

    def initial(self, obj) -> dict:
        return {}

    def action_form_kwargs(self, request, obj, action: str) -> dict:
        return {}

    def perform(self, request, obj, action: str, data: dict) -> Outcome:
        raise NotImplementedError

    # ---- views ------------------------------------------------------------------------

    def _load(self, request, object_id):
        return self.get_object(request, unquote(object_id))

    def _forms(self, request, obj, *, bound=None, keep=None) -> dict:
        """Every action's form for the page: fresh versions, one form bound or keeping what
        the analyst typed."""
        built = {}
        for name, form_class in self.action_forms.items():
            kwargs = {"prefix": name, **self.action_form_kwargs(request, obj, name)}
            if bound is not None and bound[0] == name:
                built[name] = form_class(bound[1], **kwargs)
                continue
            initial = dict(self.initial(obj))
            if keep is not None and keep[0] == name:
                initial.update(keep[1])
            built[name] = form_class(initial=initial, **kwargs)
        return built

    def render_detail(self, request, obj, *, forms=None, status=200):
        can_act = self.has_act_permission(request) and self.is_open(obj)
        if can_act and forms is None:
            forms = self._forms(request, obj)
        opts = self.model._meta
        context = {
            "is_open": self.is_open(obj),
            **self.admin_site.each_context(request),
            "opts": opts,
            "title": str(obj.pk),
            "subtitle": None,
            "original": obj,
            "has_view_permission": True,
            "can_act": can_act,
            "forms": forms or {},
            "action_urls": {name: self.act_url(obj, name) for name in self.action_forms},
            "history_url": reverse(
                f"admin:{opts.app_label}_{opts.model_name}_history",
                args=[obj.pk],
                current_app=self.admin_site.name,
            ),
            **self.detail_context(request, obj),
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, self.detail_template, context, status=status)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        obj = self._load(request, object_id)
        if obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.model._meta, object_id)
        if not self.has_view_permission(request, obj):
            raise PermissionDenied
        return self.render_detail(request, obj)

    def act_view(self, request, object_id, action):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_act_permission(request) or action not in self.action_forms:
            raise PermissionDenied
        obj = self._load(request, object_id)
        if obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.model._meta, object_id)
        form = self.action_forms[action](
            request.POST, prefix=action, **self.action_form_kwargs(request, obj, action)
        )
        if not form.is_valid():
            messages.error(request, "Nothing was saved: please correct the errors below.")
            forms = self._forms(request, obj, bound=(action, request.POST))
            return self.render_detail(request, obj, forms=forms, status=400)
        try:
            outcome = self.perform(request, obj, action, form.cleaned_data)
        except (ParticipantReviewVersionConflict, VersionConflict):
            # Its detail speaks to API callers ("fetch the review again"); the page reloads.
            return self._refused(request, object_id, action, form, detail=None)
        except (StateConflict, NotFound) as exc:
            return self._refused(request, object_id, action, form, detail=exc.detail)
        obj = self._load(request, object_id)
        self.log_change(request, obj, outcome.log)
        messages.success(request, outcome.message)
        return HttpResponseRedirect(self.detail_url(obj))

    def _refused(self, request, object_id, action, form, *, detail):
        """A stale page: nothing changed. Show the review as it is now, keeping the text."""
        obj = self._load(request, object_id)
        text = f"{self.conflict_message} Nothing was saved"
        if detail:
            text += f": {detail[:1].lower()}{detail[1:].rstrip('.')}"
        messages.error(request, text + ".")
        if obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.model._meta, object_id)
        forms = None
        if self.has_act_permission(request) and self.is_open(obj):
            forms = self._forms(request, obj, keep=(action, form.typed()))
        return self.render_detail(request, obj, forms=forms, status=409)
