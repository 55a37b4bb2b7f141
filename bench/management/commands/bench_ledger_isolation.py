"""Does one provider's slow ledger stall another's money? Measured on PostgreSQL and Redis
with the Procfile's ledger worker as real processes.

Provider A's ledger (a loopback listener that approves as the stand-in ledger does) answers
each call after `--delay` seconds, and A creates `--backlog` payouts. Once A's ledger holds
the first of their authorizes, provider B (whose ledger answers at once) creates a payout,
and the time until B's authorize has its answer recorded is measured.

It uses only APIs that the service had before the ledger had a bulkhead (bench/isolation.py
and bench/stand_in_ledger.py copied along), so it can be run against an earlier checkout for a
before-and-after table.
"""

import os

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection

from bench.isolation import QUEUE_NAMES, SlowLedger, Workers, procfile_workers
from bench.measure import BenchCommand
from config.celery import app as celery_app

# The workers' settings: plain http to loopback, and A's answers taken as answers, within
# the 13 s deadline, rather than cut at the default 10 s read timeout (as a ledger that
# trickles its reply would have them).
WORKER_ENV = {
    "LEDGER_REQUIRE_HTTPS": "0",
    "LEDGER_READ_TIMEOUT_MS": "12000",
    "LEDGER_DEADLINE_MS": "13000",
}


def ledger_workers() -> list[str]:
    """The Procfile's ledger worker (the only queue a payout's authorize goes through)."""
    return [command for command in procfile_workers() if " -Q ledger " in command]


class Command(BenchCommand):
    help = "Another provider's authorize delay while one provider's ledger answers slowly."

    def add_arguments(self, parser):
        parser.add_argument("--backlog", type=int, default=12, help="payouts of the slow one")
        parser.add_argument("--delay", type=float, default=11.0, help="its ledger's answer")
        parser.add_argument("--timeout", type=float, default=120.0)

    def handle(self, *args, **options):
        if connection.vendor != "postgresql" or not settings.REDIS_URL:
            raise CommandError("bench_ledger_isolation needs DATABASE_URL and REDIS_URL.")
        settings.LEDGER_REQUIRE_HTTPS = False
        celery_app.conf.task_always_eager = False
        with celery_app.connection_for_write() as broker:
            for queue in QUEUE_NAMES:  # a run starts with no messages from an earlier one
                broker.default_channel.client.delete(queue)
        log_path = os.path.join(settings.BASE_DIR, "var", "bench_ledger_isolation.log")
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        workers = Workers(ledger_workers(), WORKER_ENV, log_path=log_path)
        ledgers = SlowLedger.arrange(delay_seconds=options["delay"], backlog=options["backlog"])
        try:
            workers.start()
            workers.wait_ready(celery_app)
            results = ledgers.measure(options["timeout"])
        finally:
            ledgers.close()  # the slow ledger answers what it holds, so the workers stop soon
            workers.stop()
        results["worker"] = ledger_workers()
        authorize = results["authorize_s"]
        table = "\n".join(
            [
                f"worker: {results['worker'][0]}",
                f"provider A: {results['backlog']} payouts, its ledger answering in "
                f"{results['slow_delay_s']:g} s; {results['slow_calls_started']} of their "
                "calls reached it by the end",
                "provider B's authorize answered after: "
                + (f"{authorize} s" if authorize is not None else "no answer in time"),
            ]
        )
        self.emit(options, results, table)
