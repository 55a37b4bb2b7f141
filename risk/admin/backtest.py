""" "Test this change" on the change form of a rule, a list entry or the thresholds: the draft
in the form is checked like a save, not saved, and stored as a backtest run that a worker
replays over the last N days of stored assessments (`risk.backtest_runs`); its page shows the
progress, then the report. With tasks run eagerly the report comes at once. Nothing but the
run is written."""

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse

from risk import backtest_runs
from risk.admin.audited import REASON_FIELD
from risk.backtest_store import report_from_json
from risk.models import BacktestRun

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
        extra_context = {
            **(extra_context or {}),
            "backtest_row_limit": settings.RISK_BACKTEST_ROW_LIMIT,
        }
        return super().changeform_view(request, object_id, form_url, extra_context)

    def get_urls(self):
        opts = self.model._meta
        name = f"{opts.app_label}_{opts.model_name}_backtest"
        run_page = self.admin_site.admin_view(self.backtest_run_view)
        return [path("backtest/<str:run_id>/", run_page, name=name), *super().get_urls()]

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
        run = backtest_runs.start(
            saved=saved,
            draft=form.instance,
            days=_days(request),
            title=f"Test this change: {form.instance}",
            user_id=str(request.user.pk),
        )
        if run.status == BacktestRun.Status.DONE:  # tasks run eagerly: the report at once
            return self._run_page(request, run, back=request.path)
        opts = self.model._meta
        name = f"admin:{opts.app_label}_{opts.model_name}_backtest"
        return HttpResponseRedirect(reverse(name, args=[run.pk]))

    def backtest_run_view(self, request, run_id):
        if not self.has_view_or_change_permission(request):
            raise PermissionDenied
        run = get_object_or_404(BacktestRun, pk=run_id)
        if backtest_runs.MODELS[run.target] is not self.model:
            raise Http404
        return self._run_page(request, run, back=None)

    def _run_page(self, request, run: BacktestRun, back: str | None):
        model = backtest_runs.MODELS[run.target]
        original = model.objects.filter(pk=run.saved_pk).first() if run.saved_pk else None
        if back is None and original is not None:
            opts = self.model._meta
            back = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[original.pk])
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": run.title,
            "original": original,
            "run": run,
            "report": report_from_json(run.report) if run.report else None,
            "form_url": back,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/risk/backtest_report.html", context)
