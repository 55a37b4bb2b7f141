"""Does money wait for a notification? Measured on PostgreSQL and Redis with real workers.

One provider's webhook receiver answers slowly (`--delay` seconds each) and is owed a backlog
(`--backlog` test events). Then:
1. a payout of that provider is created, and the time until its authorize reaches the
   provider's ledger (a loopback listener) is measured;
2. right after it, another provider's fast receiver is sent `--fast-events` events, and the
   rate at which they arrive while the slow backlog is still owed is measured.

`--workers procfile` starts the workers as the Procfile lays them out; `--workers single`
starts one worker with two processes for everything, as the service ran before it had a
queue per kind of work. Run each against the checkout to compare.
"""

import os
import time

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection
from django.utils import timezone

from bench.isolation import (
    QUEUE_NAMES,
    SINGLE_WORKER,
    Listener,
    Workers,
    procfile_workers,
    wait_for,
)
from bench.management.commands.bench_events import bench_participant
from bench.measure import BenchCommand
from common.actors import Actor
from config.celery import app as celery_app
from events import services as event_services
from events.models import WebhookEndpoint
from ledger import services as ledger_services
from payments import services as payment_services
from providers import services as provider_services

LOOPBACK = {
    "WEBHOOK_REQUIRE_HTTPS": "0",
    "WEBHOOK_ALLOWED_HOSTS": "127.0.0.1",
    "LEDGER_REQUIRE_HTTPS": "0",
}


def most_at_once(listener: Listener) -> int:
    """The most requests the listener held at one time (each is held `delay_seconds`)."""
    edges = sorted(
        [(a.at, 1) for a in listener.arrivals]
        + [(a.at + listener.delay_seconds, -1) for a in listener.arrivals]
    )
    held = peak = 0
    for _, step in edges:
        held += step
        peak = max(peak, held)
    return peak


class Command(BenchCommand):
    help = "Authorize delay behind a slow webhook backlog, and other providers' webhook rate."

    def add_arguments(self, parser):
        parser.add_argument("--workers", choices=("procfile", "single"), default="procfile")
        parser.add_argument("--backlog", type=int, default=40, help="events owed to the slow one")
        parser.add_argument("--delay", type=float, default=6.0, help="the slow receiver's answer")
        parser.add_argument("--fast-events", type=int, default=200)
        parser.add_argument("--timeout", type=float, default=300.0, help="per measurement")

    def handle(self, *args, **options):
        if connection.vendor != "postgresql" or not settings.REDIS_URL:
            raise CommandError("bench_isolation needs DATABASE_URL (PostgreSQL) and REDIS_URL.")
        settings.WEBHOOK_REQUIRE_HTTPS = False
        settings.WEBHOOK_ALLOWED_HOSTS = ["127.0.0.1"]
        settings.LEDGER_REQUIRE_HTTPS = False
        celery_app.conf.task_always_eager = False
        with celery_app.connection_for_write() as broker:
            # A run starts with no messages from an earlier one.
            for queue in QUEUE_NAMES:
                broker.default_channel.client.delete(queue)
        commands = procfile_workers() if options["workers"] == "procfile" else [SINGLE_WORKER]
        slow = Listener(delay_seconds=options["delay"])
        fast = Listener()
        ledger = Listener(status=400)  # the arrival is what counts; 400 ends the call
        log_path = os.path.join(settings.BASE_DIR, "var", "bench_isolation-workers.log")
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        workers = Workers(commands, LOOPBACK, log_path=log_path)
        endpoints = []
        try:
            slow_provider, _ = provider_services.create_provider(name="Bench slow receiver")
            fast_provider, _ = provider_services.create_provider(name="Bench fast receiver")
            ledger_services.register_ledger(
                provider_id=slow_provider.id,
                authorize_url=f"{ledger.url}/authorize",
                release_url=f"{ledger.url}/release",
                capture_url=f"{ledger.url}/capture",
                generate_key=True,
            )
            sender = bench_participant(slow_provider, 1)
            for provider, listener in ((slow_provider, slow), (fast_provider, fast)):
                endpoint, _ = event_services.create_endpoint(
                    provider_id=provider.id, url=f"{listener.url}/hooks"
                )
                endpoints.append(endpoint)
            workers.start()
            workers.wait_ready(celery_app)
            results = self._measure(options, slow_provider, sender, endpoints, slow, fast, ledger)
        finally:
            workers.stop()
            for listener in (slow, fast, ledger):
                listener.close()
            WebhookEndpoint.objects.filter(pk__in=[e.pk for e in endpoints]).update(
                deleted_on=timezone.now()
            )
        results["workers"] = options["workers"]
        results["worker_processes"] = commands
        self.emit(options, results, self._table(results))

    def _measure(self, options, slow_provider, sender, endpoints, slow, fast, ledger) -> dict:
        slow_endpoint, fast_endpoint = endpoints
        for _ in range(options["backlog"]):
            event_services.send_test(provider_id=slow_provider.id, endpoint_id=slow_endpoint.pk)
        # Let the backlog reach the workers, as it would between two requests.
        wait_for(lambda: slow.arrivals, timeout=options["timeout"])
        created = time.time()
        payment_services.create_payout(
            data=payment_services.NewPayout(
                provider_id=slow_provider.id,
                sender=sender.external_id,
                recipient_phone="+14155550123",
                amount_minor=2500,
                currency="USD",
            ),
            actor=Actor.system(),
        )
        # Meanwhile another provider's events, while the slow backlog is still owed.
        count = options["fast_events"]
        started = time.time()
        for _ in range(count):
            event_services.send_test(
                provider_id=fast_endpoint.provider_id, endpoint_id=fast_endpoint.pk
            )
        arrived = wait_for(lambda: ledger.first("/authorize"), timeout=options["timeout"])
        authorize = ledger.first("/authorize")
        wait_for(lambda: len(fast.arrivals) >= count, timeout=options["timeout"])
        got = list(fast.arrivals)
        seconds = (got[-1].at - started) if got else None
        return {
            "backlog": options["backlog"],
            "slow_delay_s": options["delay"],
            "authorize_delay_s": round(authorize.at - created, 2) if arrived else None,
            "fast_events_sent": count,
            "fast_events_delivered": len(got),
            "fast_seconds": round(seconds, 2) if seconds else None,
            "fast_events_per_second": round(len(got) / seconds, 1) if seconds else 0.0,
            "slow_held_at_once": most_at_once(slow),
            "slow_received": len(slow.arrivals),
        }

    def _table(self, r: dict) -> str:
        authorize = (
            f"{r['authorize_delay_s']} s"
            if r["authorize_delay_s"] is not None
            else "did not arrive in time"
        )
        return "\n".join(
            [
                f"workers: {r['workers']} ({len(r['worker_processes'])} worker processes)",
                f"slow receiver: {r['backlog']} events owed, {r['slow_delay_s']:g} s each, "
                f"held {r['slow_held_at_once']} at once, received {r['slow_received']}",
                f"authorize reached the ledger after: {authorize}",
                f"fast receiver: {r['fast_events_delivered']} of {r['fast_events_sent']} events "
                f"in {r['fast_seconds']} s: {r['fast_events_per_second']} events/s",
            ]
        )
