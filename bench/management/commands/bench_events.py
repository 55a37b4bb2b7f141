"""What events and webhooks cost, measured on PostgreSQL with a real broker.

1. The request path: a suspension (over the API, in-process) and a payout creation (the
   payments service), each timed with 0 and with 3 webhook endpoints registered. Tasks are
   published to Redis and no worker runs, so only what a request pays is timed: the outbox
   rows and the enqueue, never a delivery.
2. Throughput: N events to one endpoint at a local receiver, sent by one worker process
   (`celery worker --pool solo`); events delivered per second, from the first attempt to the
   last delivery.
"""

import os
import subprocess
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection
from django.db.models import Max, Min
from rest_framework.test import APIClient

from bench.measure import BenchCommand
from common.actors import Actor
from common.stats import percentile
from config import queues
from config.celery import app as celery_app
from events import services as event_services
from events.models import Delivery, DeliveryAttempt, WebhookEndpoint
from ledger import services as ledger_services
from participants import services as participant_services
from payments import services as payment_services
from providers import services as provider_services

ROOT = settings.BASE_DIR


class _Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


def bench_participant(provider, n: int):
    """An active participant of `provider` with a card (the benchmarks' sender)."""
    enrollment = participant_services.create_participant(
        provider=provider,
        data=participant_services.NewParticipant(
            external_id=f"bench-events-{n}",
            given_name="Bench",
            family_name=f"Sender{n}",
            address_line1="1 Main St",
            city="Springfield",
            state_or_province="IL",
            postal_code="62701",
            country="US",
            phones=(("1", f"4155{n:06d}"),),
            funding_sources=(
                participant_services.NewFundingSource(
                    funding_type="card", provider_source_id=f"bench-{n}", display_name="Visa"
                ),
            ),
        ),
    )
    participant_services.finish_onboarding(participant_id=enrollment.participant_id)
    return enrollment


class Command(BenchCommand):
    help = "Time suspensions and payout creations with 0 and 3 webhook endpoints; deliveries/s."

    def add_arguments(self, parser):
        parser.add_argument("--samples", type=int, default=200, help="requests per case")
        parser.add_argument("--deliveries", type=int, default=500)

    def handle(self, *args, **options):
        if connection.vendor != "postgresql" or not settings.REDIS_URL:
            raise CommandError("bench_events needs DATABASE_URL (PostgreSQL) and REDIS_URL.")
        # The requests are made in process over plain http: no redirect to https.
        settings.SECURE_SSL_REDIRECT = False
        celery_app.conf.task_always_eager = False
        celery_app.control.purge()
        provider, issued = provider_services.create_provider(name="Bench events")
        ledger_services.register_ledger(
            provider_id=provider.id,
            authorize_url="https://ledger.bench.invalid/authorize",
            release_url="https://ledger.bench.invalid/release",
            capture_url="https://ledger.bench.invalid/capture",
            generate_key=True,
        )
        client = APIClient()
        client.credentials(
            HTTP_AUTHORIZATION="Basic "
            + __import__("base64")
            .b64encode(f"{issued.api_key.id}:{issued.secret}".encode())
            .decode()
        )
        samples = options["samples"]
        # Enough senders that no one reaches the platform's default daily send count.
        senders = [bench_participant(provider, n) for n in range(2 * samples // 15 + 1)]
        cases: dict[str, list[float]] = {}
        # Alternate the two configurations in rounds, so drift affects both alike.
        rounds = 4
        for round_number in range(rounds):
            for endpoints in (0, 3):
                live = [
                    event_services.create_endpoint(
                        provider_id=provider.id, url=f"https://hooks.bench.invalid/{i}"
                    )[0]
                    for i in range(endpoints)
                ]
                per_round = samples // rounds
                cases.setdefault(f"suspension, {endpoints} endpoints", []).extend(
                    self._suspensions(client, provider.id, senders, per_round, round_number)
                )
                cases.setdefault(f"payout creation, {endpoints} endpoints", []).extend(
                    self._payouts(provider.id, senders, per_round)
                )
                for endpoint in live:
                    event_services.delete_endpoint(provider_id=provider.id, endpoint_id=endpoint.pk)
        celery_app.control.purge()
        results = {
            name: {
                "n": len(values),
                "p50_ms": round(percentile(values, 50), 2),
                "p95_ms": round(percentile(values, 95), 2),
            }
            for name, values in cases.items()
        }
        for kind in ("suspension", "payout creation"):
            base = results[f"{kind}, 0 endpoints"]["p50_ms"]
            results[f"{kind}, 3 endpoints"]["ratio_p50"] = round(
                results[f"{kind}, 3 endpoints"]["p50_ms"] / base, 3
            )
        results["delivery"] = self._throughput(provider.id, options["deliveries"])
        lines = [f"{'case':34} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'ratio':>7}"]
        for name, row in results.items():
            if name == "delivery":
                continue
            ratio = f"{row['ratio_p50']:.3f}" if "ratio_p50" in row else "1.000"
            lines.append(
                f"{name:34} {row['n']:>5} {row['p50_ms']:>8} {row['p95_ms']:>8} {ratio:>7}"
            )
        d = results["delivery"]
        lines.append(
            f"one worker delivered {d['delivered']} events in {d['seconds']} s: "
            f"{d['events_per_second']} events/s"
        )
        self.emit(options, results, "\n".join(lines))

    def _suspensions(self, client, provider_id, senders, count, round_number) -> list[float]:
        timings = []
        for i in range(count):
            sender = senders[i % len(senders)]
            base = f"/providers/{provider_id}/participants/{sender.external_id}"
            version = client.get(base).json()["relationship"]["versionID"]
            suspended = client.get(base).json()["relationship"]["suspended"]
            path, body = (
                (f"{base}/reactivations", {"note": "bench", "expectedVersionID": version})
                if suspended
                else (
                    f"{base}/suspensions",
                    {"reasonCode": "other", "note": "bench", "expectedVersionID": version},
                )
            )
            started = time.perf_counter()
            response = client.post(
                path, body, format="json", HTTP_X_IDEMPOTENCY_KEY=f"bench-{uuid.uuid4()}"
            )
            timings.append((time.perf_counter() - started) * 1000)
            if response.status_code != 201:
                raise CommandError(f"{path} answered {response.status_code}: {response.content}")
        return timings

    def _payouts(self, provider_id, senders, count) -> list[float]:
        timings = []
        for i in range(count):
            sender = senders[i % len(senders)]
            participant_services.Enrollment.objects.filter(pk=sender.pk).update(suspended=False)
            started = time.perf_counter()
            payment_services.create_payout(
                data=payment_services.NewPayout(
                    provider_id=provider_id,
                    sender=sender.external_id,
                    recipient_phone="+14155550123",
                    amount_minor=100,
                    currency="USD",
                ),
                actor=Actor.system(),
            )
            timings.append((time.perf_counter() - started) * 1000)
        return timings

    def _throughput(self, provider_id: str, count: int) -> dict:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _Receiver)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}/hook"
        settings.WEBHOOK_REQUIRE_HTTPS = False
        settings.WEBHOOK_ALLOWED_HOSTS = ["127.0.0.1"]
        endpoint, _ = event_services.create_endpoint(provider_id=provider_id, url=url)
        for _ in range(count):
            event_services.send_test(provider_id=provider_id, endpoint_id=endpoint.pk)
        env = {
            **os.environ,
            "WEBHOOK_REQUIRE_HTTPS": "0",
            "WEBHOOK_ALLOWED_HOSTS": "127.0.0.1",
            "CELERY_TASK_ALWAYS_EAGER": "0",
        }
        command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "solo"]
        command += ["-Q", queues.WEBHOOKS]  # the webhook worker of the Procfile, one process
        command += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
        worker = subprocess.Popen(
            [*command, "--loglevel", "WARNING"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            deliveries = Delivery.objects.filter(endpoint=endpoint)
            deadline = time.monotonic() + 600
            while deliveries.filter(status=Delivery.Status.DELIVERED).count() < count:
                if time.monotonic() > deadline:
                    raise CommandError("deliveries did not finish within 10 minutes")
                time.sleep(0.5)
        finally:
            worker.terminate()
            worker.wait(30)
            server.shutdown()
        span = DeliveryAttempt.objects.filter(delivery__endpoint=endpoint).aggregate(
            first=Min("started_on"), last=Max("delivery__delivered_on")
        )
        seconds = (span["last"] - span["first"]).total_seconds()
        WebhookEndpoint.objects.filter(pk=endpoint.pk).update(deleted_on=span["last"])
        return {
            "delivered": count,
            "seconds": round(seconds, 2),
            "events_per_second": round(count / seconds, 1),
        }
