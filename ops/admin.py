"""The operations page: what is waiting and how the ledger and webhooks fare, at a glance.
Read-only, for superusers and the Risk analyst and Auditor groups."""

from datetime import timedelta

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.timesince import timesince

from ops import overview, queues, workers
from ops.models import OperationsOverview

STAFF_GROUPS = ("Risk analyst", "Auditor")


def _may_see(user) -> bool:
    return (
        user.is_active
        and user.is_staff
        and (user.is_superuser or user.groups.filter(name__in=STAFF_GROUPS).exists())
    )


def _age(delta) -> str:
    return "—" if delta is None else timesince(timezone.now() - delta)


def _waited(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    return f"{seconds:.0f} s" if seconds < 120 else _age(timedelta(seconds=seconds))


@admin.register(OperationsOverview)
class OperationsOverviewAdmin(admin.ModelAdmin):
    def has_module_permission(self, request):
        return _may_see(request.user)

    def has_view_permission(self, request, obj=None):
        return _may_see(request.user)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        if not self.has_view_permission(request):
            raise PermissionDenied
        backlogs = overview.backlogs()
        widest = max((b.pending for b in backlogs), default=0) or 1
        ledger = overview.ledger_last_hour()
        tallest = max((ok + bad for _, ok, bad in ledger.buckets), default=0) or 1
        payments = overview.payments_today()
        most = max((count for *_, count in payments), default=0) or 1
        webhook_attempts, webhook_failures = overview.webhook_failures_last_hour()
        depths = queues.depths()
        beats = {q.queue: q for q in workers.read() or []} if depths is not None else {}
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": "Operations",
            "backlogs": [
                {"label": b.label, "pending": b.pending, "age": _age(b.oldest_age),
                 "width": round(100 * b.pending / widest)}
                for b in backlogs
            ],
            "ledger": ledger,
            "ledger_bars": [
                {"at": at, "ok": ok, "bad": bad,
                 "ok_height": round(60 * ok / tallest), "bad_height": round(60 * bad / tallest)}
                for at, ok, bad in ledger.buckets
            ],
            "payments": [
                {"type": t, "status": s, "count": c, "width": round(100 * c / most)}
                for t, s, c in payments
            ],
            "queues": None if depths is None else [
                {"queue": q.queue, "depth": q.depth, "age": _waited(q.oldest_age_seconds),
                 "consumers": beats[q.queue].consumers if q.queue in beats else None,
                 "beat": _waited(beats[q.queue].last_beat_age_seconds if q.queue in beats
                                 else None)}
                for q in depths
            ],
            "webhook_attempts": webhook_attempts,
            "webhook_failures": webhook_failures,
        }  # fmt: skip
        return TemplateResponse(request, "admin/ops/overview.html", context)
