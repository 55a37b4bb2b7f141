""" "Test this change" on the change form of a rule or of the thresholds: the draft in the form
is checked like a save, not saved, and replayed over the last N days of stored
assessments (`risk.backtest`, `risk.backtest_lists`); the report page says what would have
changed. Nothing is written."""

from datetime import timedelta

from django.contrib import messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.utils import timezone

from risk import selectors
from risk.admin.audited import REASON_FIELD
from risk.backtest import backtest
from risk.backtest_lists import backtest_list_entry, signal_rules
from risk.models import RiskListEntry, RiskPolicy
from risk.rule_precision import rule_precision

DEFAULT_DAYS, MAX_DAYS = 30, 365


def _days(request) -> int:
    try:
        days = int(request.POST.get("backtest_days") or DEFAULT_DAYS)
    except ValueError:
        days = DEFAULT_DAYS
    return max(1, min(days, MAX_DAYS))


class BacktestMixin:
    """For the rule, list entry and policy admins (AuditedAdmin subclasses)."""

    change_form_template = "admin/risk/backtest_change_form.html"

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        if request.method == "POST" and "_backtest" in request.POST:
            return self.backtest_view(request, object_id)
        return super().changeform_view(request, object_id, form_url, extra_context)

    def _row(self, request, object_id):
        return self.get_object(request, unquote(object_id)) if object_id else None

    def backtest_view(self, request, object_id):
        saved = self._row(request, object_id)
        if object_id and saved is None:
            return HttpResponseRedirect(request.path)
        allowed = (
            self.has_change_permission(request, saved)
            if saved
            else self.has_add_permission(request)
        )
        if not allowed:
            raise PermissionDenied
        # The form works on its own copy of the row: `saved` stays as it is in the database.
        form_class = self.get_form(request, saved, change=saved is not None)
        form = form_class(request.POST, instance=self._row(request, object_id))
        form.is_valid()
        errors = {name: error for name, error in form.errors.items() if name != REASON_FIELD}
        if errors:
            text = "; ".join(f"{name}: {' '.join(error)}" for name, error in errors.items())
            messages.error(request, f"The draft cannot be tested: {text}")
            return HttpResponseRedirect(request.path)
        draft, days, now = form.instance, _days(request), timezone.now()
        report = _replay(saved, draft, days, now)
        report.precision = rule_precision(
            _rules_changed(saved, draft), since=now - timedelta(days=days)
        )
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": f"Test this change: {draft}",
            "original": saved,
            "draft": draft,
            "report": report,
            "form_url": request.path,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/risk/backtest_report.html", context)


def _replay(saved, draft, days: int, now):
    if isinstance(draft, RiskListEntry):
        policy = selectors.get_policy()
        return backtest_list_entry(
            saved_entry=saved, draft_entry=draft, policy=policy, days=days, now=now
        )
    if isinstance(draft, RiskPolicy):
        return backtest(saved_policy=saved, draft_policy=draft, days=days, now=now)
    policy = selectors.get_policy()
    return backtest(saved_rule=saved, draft_rule=draft, saved_policy=policy, days=days, now=now)


def _rules_changed(saved, draft) -> list[int] | None:
    """The rules whose past precision the report shows: the rule itself; a list entry's signal
    rules; every rule for the thresholds (None), which weigh them all."""
    if isinstance(draft, RiskPolicy):
        return None
    if isinstance(draft, RiskListEntry):
        return sorted(signal_rules(saved, draft).values_list("rule_id", flat=True))
    return [draft.rule_id] if draft.rule_id else []
