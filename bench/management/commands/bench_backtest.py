"""Benchmark of "Test this change": a thresholds draft replayed over N stored assessments, run
as the task the admin starts (`risk.tasks.run_backtest`).

Loads N assessments once per database (PostgreSQL: one INSERT … SELECT over generate_series;
payouts from `bench_payments`' generator, 70 % payments, 20 % sign-ins, 10 % signups, the fired
rules and signals of five recorded shapes), then stores a run lowering the review and deny
thresholds and times it: with REDIS_URL, a worker of the backtests queue started beforehand
replays it (wall time from the enqueue to the stored report, the worker's CPU from /proc);
without, the task runs in this process. The run replays at most RISK_BACKTEST_ROW_LIMIT rows
(`--row-limit` to change it for the run).
"""

import os
import subprocess
import sys
import threading
import time

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.utils import timezone

from bench.measure import BenchCommand
from bench.payment_data import load
from payments.models import Payment
from risk import backtest_runs, selectors
from risk.models import BacktestRun, RiskAssessment
from risk.tasks import run_backtest

NOTE = "bench-backtest"
DAYS = 30
# (rules fired, signals, recorded score): the shapes the seeded assessments cycle through.
SHAPES = (
    ("[]", '[{"key": "sanctionLevel", "value": "none"}]', 0),
    (
        '[{"ruleID": 102, "name": "Large amount", "points": 30, "outcome": "none", '
        '"isLive": true, "isAllowlisted": false}]',
        '[{"key": "sanctionLevel", "value": "none"}]',
        30,
    ),
    (
        '[{"ruleID": 103, "name": "New account", "points": 20, "outcome": "none", '
        '"isLive": true, "isAllowlisted": false}, {"ruleID": 105, "name": "New counterparty '
        'phone", "points": 10, "outcome": "none", "isLive": true, "isAllowlisted": false}]',
        '[{"key": "phoneLevel", "value": "low"}]',
        30,
    ),
    (
        '[{"ruleID": 112, "name": "Email on watch list", "points": 50, "outcome": "review", '
        '"isLive": true, "isAllowlisted": false}, {"ruleID": 102, "name": "Large amount", '
        '"points": 30, "outcome": "none", "isLive": true, "isAllowlisted": false}]',
        '[{"key": "emailLevel", "value": "high"}]',
        80,
    ),
    (
        '[{"ruleID": 113, "name": "New device at sign-in", "points": 30, "outcome": "none", '
        '"isLive": true, "isAllowlisted": false}]',
        "[]",
        30,
    ),
)


class Command(BenchCommand):
    help = "Time a backtest run (a thresholds draft) over N stored assessments, as its task."

    def add_arguments(self, parser):
        parser.add_argument("--assessments", type=int, default=100_000)
        parser.add_argument(
            "--row-limit",
            type=int,
            default=None,
            help="the run's row bound (default RISK_BACKTEST_ROW_LIMIT)",
        )
        parser.add_argument("--payments", type=int, default=10_000, help="payouts referenced")
        parser.add_argument(
            "--in-process",
            action="store_true",
            help="run the task here, not on a worker (the default without REDIS_URL)",
        )

    def handle(self, *args, **options):
        if connection.vendor != "postgresql":
            raise CommandError("bench_backtest seeds its assessments on PostgreSQL only.")
        count = options["assessments"]
        started = time.perf_counter()
        seeded = self._seed(count, options["payments"])
        load_seconds = time.perf_counter() - started
        row_limit = options["row_limit"] or settings.RISK_BACKTEST_ROW_LIMIT
        in_process = options["in_process"] or not os.environ.get("REDIS_URL")
        wall, cpu, run = self._run(row_limit, in_process)
        if run.status != BacktestRun.Status.DONE:
            raise CommandError(f"The run ended {run.status}: {run.error}")
        replayed = run.report["replayed"]
        data = {
            "assessmentsInWindow": run.report.get("in_window"),
            "seededNow": seeded,
            "loadSeconds": round(load_seconds, 1),
            "rowLimit": row_limit,
            "replayed": replayed,
            "seconds": round(wall, 2),
            "workerCpuSeconds": round(cpu, 2),
            "rowsPerSecond": round(replayed / wall),
            "mode": "in process" if in_process else "worker",
        }
        self.emit(
            options,
            data,
            f"{data['mode']}: {replayed:,} of {data['assessmentsInWindow']:,} assessments "
            f"replayed in {wall:.2f} s ({data['rowsPerSecond']:,} rows/s), worker CPU "
            f"{cpu:.2f} s (row bound {row_limit:,}; {seeded:,} seeded now, "
            f"{load_seconds:.1f} s)",
        )

    def _seed(self, count: int, payments: int) -> int:
        """Assessments noted as the benchmark's, topped up to `count` within the window."""
        provider, _ = load(payments, 2, log=lambda line: None)
        paid = Payment.objects.filter(initiator_provider=provider)
        have = RiskAssessment.objects.filter(reasons=[NOTE]).count()
        missing = count - have
        if missing <= 0:
            return 0
        table = RiskAssessment._meta.db_table
        shapes = " UNION ALL ".join(
            f"SELECT {n} AS n, %s::jsonb AS rules, %s::jsonb AS signals, {score} AS score"
            for n, (_, _, score) in enumerate(SHAPES)
        )
        params = [value for rules, signals, _ in SHAPES for value in (rules, signals)]
        paid = list(paid.values_list("id", "initiator_participant_id"))
        now = timezone.now()
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "CREATE TEMP TABLE bench_paid (n int PRIMARY KEY, payment_id text, "
                "participant_id text) ON COMMIT DROP"
            )
            cursor.executemany(
                "INSERT INTO bench_paid VALUES (%s, %s, %s)",
                [(n, pid, participant) for n, (pid, participant) in enumerate(paid)],
            )
            cursor.execute(
                f"""
                WITH shape AS ({shapes})
                INSERT INTO "{table}" (id, event, provider_id, participant_id, payment_id,
                    assessed_on, decision, level, score, reasons, signals, signal_matches,
                    transaction_level, aml_level, rules)
                SELECT 'ra_bench_' || %s || '_' || g,
                    CASE WHEN g %% 10 < 7 THEN 'payment' WHEN g %% 10 < 9 THEN 'sign_in'
                         ELSE 'signup' END,
                    %s, p.participant_id,
                    CASE WHEN g %% 10 < 7 THEN p.payment_id END,
                    %s::timestamptz - (g %% (%s * 86400)) * interval '1 second',
                    CASE WHEN s.score >= 50 THEN 'review' ELSE 'allow' END,
                    CASE WHEN s.score >= 50 THEN 'high' WHEN s.score >= 30 THEN 'medium'
                         ELSE 'low' END,
                    s.score, %s::jsonb, s.signals, '{{}}'::jsonb, '', '', s.rules
                FROM generate_series(1, %s) AS g
                JOIN bench_paid p ON p.n = g %% %s
                JOIN shape s ON s.n = g %% {len(SHAPES)}
                """,
                [
                    *params,
                    have,
                    provider.pk,
                    now,
                    DAYS - 1,
                    f'["{NOTE}"]',
                    missing,
                    len(paid),
                ],
            )
            cursor.execute(f'ANALYZE "{table}"')
        return missing

    def _run(self, row_limit: int, in_process: bool) -> tuple[float, float, BacktestRun]:
        """(seconds from the enqueue to the stored report, the replaying process's CPU
        seconds, the run)."""
        saved = selectors.get_policy()
        draft = selectors.get_policy()
        draft.review_at_score, draft.deny_at_score = 25, 75
        worker = None if in_process else _Worker()
        try:
            cpu_before = worker.cpu() if worker else time.process_time()
            started = time.perf_counter()
            run = backtest_runs.store(
                saved=saved, draft=draft, days=DAYS, title="bench", user_id=NOTE,
                row_limit=row_limit,
            )  # fmt: skip
            if worker:
                run_backtest.delay(run.pk)
            else:
                run_backtest.apply(args=[run.pk])
            while run.status not in (BacktestRun.Status.DONE, BacktestRun.Status.FAILED):
                time.sleep(0.05)
                run.refresh_from_db()
            wall = time.perf_counter() - started
            cpu = (worker.cpu() if worker else time.process_time()) - cpu_before
        finally:
            if worker:
                worker.stop()
        return wall, cpu, run


class _Worker:
    """A worker of the backtests queue, up and consuming before the run is enqueued."""

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "backtests",
             "-c", "1", "-P", "solo", "-n", f"bench-backtests-{os.getpid()}@%h",
             "--without-gossip", "--without-mingle", "--loglevel", "INFO"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        deadline = time.monotonic() + 60
        for line in self.process.stderr:
            if "ready." in line:
                break
            if time.monotonic() > deadline:
                break
        else:
            raise CommandError("The backtests worker did not start.")
        # Its log is read on to the end, so a full pipe never stops the worker.
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def cpu(self) -> float:
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
