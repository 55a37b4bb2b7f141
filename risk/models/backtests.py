"""A backtest run ("Test this change" replayed by a worker): which draft, which window, how
far it got, and the report it wrote (risk.backtest_runs)."""

from django.db import models
from django.utils import timezone

from common.ids import new_id


def _run_id() -> str:
    return new_id("bkt")


class BacktestRun(models.Model):
    class Target(models.TextChoices):
        RULE = "rule"
        LIST_ENTRY = "list-entry"
        POLICY = "policy"

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    id = models.CharField(primary_key=True, max_length=40, default=_run_id, editable=False)
    target = models.CharField(max_length=16, choices=Target.choices)
    saved_pk = models.CharField(max_length=40, blank=True, default="")  # "" → a new row
    draft = models.JSONField()  # the draft's field values as the form left them
    title = models.CharField(max_length=255)
    days = models.PositiveSmallIntegerField()
    row_limit = models.PositiveIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(null=True, blank=True)  # assessments to replay
    progress = models.PositiveIntegerField(default=0)  # assessments replayed so far
    report = models.JSONField(null=True, blank=True)  # risk.backtest_store's form
    error = models.CharField(max_length=512, blank=True, default="")
    requested_by = models.CharField(max_length=64, blank=True, default="")  # staff user ID
    created_on = models.DateTimeField(default=timezone.now, editable=False)
    # When a worker last showed life for the run (taken, progressed) or it was last handed
    # to the queue: what the sweeper reads to hand a run on whose message or worker was lost.
    touched_on = models.DateTimeField(default=timezone.now)
    attempts = models.PositiveSmallIntegerField(default=0)  # workers that have taken it
    finished_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_on", "-id"]
        indexes = [
            # The sweeper's look at the unfinished runs (a handful) among the kept reports.
            models.Index(
                fields=["touched_on"],
                name="backtest_run_unfinished",
                condition=models.Q(status__in=["queued", "running"]),
            )
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.status})"
