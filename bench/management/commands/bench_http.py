"""The HTTP path measured as a provider meets it: gunicorn with the production settings,
driven by wrk, on PostgreSQL with generated data (the generator bench_payments loads,
`bench.payment_data`).

Prints req/s, p50 and p99 per request kind, each with its cost relative to a bare-Django
floor view doing the same participant lookup (floor req/s ÷ its req/s). With --compare-to
another checkout (say the commit before a change), the same scenarios are served from that
checkout too, in the same run and against the same data, so before and after share their
conditions (the writes take turns between the two kind by kind). The writes are measured
against a write floor (bench.writes). Then payouts per second end to end in the
production layout (bench.payouts): created through the service, authorized by the ledger
queue's worker over HTTP with JWE to the sandbox ledger (or, with `--ledger stand-in`, to a
ledger that approves at once, bench.stand_in_ledger), at 1, 4 and 16 concurrent senders, with
the top costs of a profile.
"""

import base64
import tempfile
import time
from contextlib import ExitStack, nullcontext
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection

from api.pagination import DEFAULT_LIMIT, encode_cursor
from bench import loadtest, stand_in_ledger
from bench import payouts as bench_payouts
from bench import writes as bench_writes
from bench.measure import BenchCommand
from bench.payment_data import ANALYZED, load
from ledger.sandbox.handle import wire_sandbox_ledger
from participants.models import Email, Enrollment, Participant, Phone
from payments.models import PaymentEntry
from providers import services as provider_services

WRK = Path(__file__).resolve().parents[2] / "wrk"
SCENARIOS = ("reads", "writes", "payouts")
CONCURRENCIES = (1, 4, 16)


class Command(BenchCommand):
    help = "HTTP benchmark: gunicorn + wrk, ratios to a floor view, payouts per second."

    def add_arguments(self, parser):
        parser.add_argument("--rows", type=int, default=100_000, help="payments generated")
        parser.add_argument("--seconds", type=int, default=12, help="per wrk run")
        parser.add_argument("--connections", type=int, default=8)
        parser.add_argument("--workers", type=int, default=2, help="gunicorn processes")
        parser.add_argument("--threads", type=int, default=1, help="threads per process")
        parser.add_argument("--depth", type=int, default=1000, help="page of the deep page")
        parser.add_argument("--compare-to", type=Path, help="another checkout to serve too")
        parser.add_argument("--payouts", type=int, default=200, help="per concurrency")
        parser.add_argument(
            "--ledger",
            choices=["sandbox", "stand-in"],
            default="sandbox",
            help="the ledger the payouts are authorized by (stand-in: bench.stand_in_ledger)",
        )
        parser.add_argument(
            "--payouts-via",
            choices=["service", "api"],
            default="service",
            help="create the end-to-end payouts through the service in this process, or by "
            "POST /payouts to the served checkout (its gunicorn's CPU counted as 'service')",
        )
        parser.add_argument(
            "--only",
            choices=SCENARIOS,
            action="append",
            help="run only these parts (repeatable; default: all)",
        )

    def handle(self, *args, **options):
        if connection.vendor != "postgresql":
            raise CommandError("bench_http measures PostgreSQL: set DATABASE_URL.")
        loadtest.ensure_wrk()
        provider = self._data(options["rows"])
        issued = provider_services.create_api_key(provider=provider, label="bench-http")
        auth = "Basic " + base64.b64encode(f"{issued.api_key.id}:{issued.secret}".encode()).decode()
        targets = self._targets(provider.id, options["depth"])
        env = {
            "DATABASE_URL": _database_url(),
            "SECRET_KEY": settings.SECRET_KEY,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SANDBOX_LEDGER_ENABLED": "1",
            "ACCESS_LOG_LEVEL": "INFO",
            "LOG_LEVEL": "WARNING",
        }
        if settings.REDIS_URL:
            # Tasks (onboarding after a create, say) go to the broker, as in production.
            env["REDIS_URL"] = settings.REDIS_URL
        checkouts = [("after", settings.BASE_DIR)]
        if options["compare_to"]:
            checkouts.insert(0, ("before", options["compare_to"].resolve()))
        parts = options["only"] or SCENARIOS
        tables = {label: [] for label, _ in checkouts}
        with ExitStack() as stack:
            # Every side served at once: the writes take turns between them kind by kind.
            servers = {
                label: stack.enter_context(
                    loadtest.served(
                        checkout, env, workers=options["workers"], threads=options["threads"]
                    )
                )
                for label, checkout in checkouts
            }
            if "reads" in parts:
                for label, base in servers.items():
                    tables[label] += self._scenarios(base, provider.id, auth, targets, options)
            if "writes" in parts:
                written = bench_writes.run(
                    servers,
                    provider.id,
                    auth,
                    connections=options["connections"],
                    seconds=options["seconds"],
                    log=self.stderr.write,
                    tag=str(time.time_ns()),
                )
                for label, rows in written.items():
                    tables[label] += rows
        payouts = self._payouts(provider, env, options, auth) if "payouts" in parts else None
        if settings.REDIS_URL:
            from config.celery import app as celery_app

            celery_app.control.purge()  # the tasks the served requests published (no worker)
        data = {"conditions": _conditions(options), "tables": tables, "payouts": payouts}
        self.emit(options, data, _report(data))

    # ---- data ----------------------------------------------------------------------------

    def _data(self, rows: int):
        provider, _ = load(rows, 4, log=self.stderr.write)
        enrollments = Enrollment.objects.filter(provider=provider)
        if not Phone.objects.filter(enrollment__provider=provider).exists():
            # A participant read renders contacts: give each a phone and an email.
            Phone.objects.bulk_create(
                Phone(enrollment=e, country_code="1", number=f"415{n:07d}", e164=f"+1415{n:07d}")
                for n, e in enumerate(enrollments)
            )
            Email.objects.bulk_create(
                Email(enrollment=e, email=f"{e.external_id}@example.com") for e in enrollments
            )
        if not enrollments.filter(external_id__startswith=bench_writes.SUSPENDED_PREFIX).exists():
            # Participants the suspension scenario suspends, one per request.
            people = Participant.objects.bulk_create(
                Participant(status="active") for _ in range(bench_writes.POOL)
            )
            Enrollment.objects.bulk_create(
                Enrollment(
                    provider=provider,
                    participant=person,
                    external_id=f"{bench_writes.SUSPENDED_PREFIX}{n:05d}",
                    given_name="Bench",
                    family_name="Suspended",
                    address_line1="1 Main St",
                    city="Springfield",
                    state_or_province="IL",
                    postal_code="62701",
                    country="US",
                )
                for n, person in enumerate(people)
            )
        with connection.cursor() as cursor:
            for table in (*ANALYZED, "participants_phone", "participants_email"):
                cursor.execute(f"ANALYZE {table}")  # fresh statistics: the plans production gets
        return provider

    def _targets(self, provider_id: str, depth: int) -> dict:
        entries = PaymentEntry.objects.filter(provider_id=provider_id, is_primary=True).order_by(
            "-created_on", "-payment_id"
        )
        last = entries[DEFAULT_LIMIT * depth - 1]
        cursor = encode_cursor(
            provider_id=provider_id,
            scope="payments",
            filters=payment_services_filters_binding(),
            at=last.created_on,
            pk=last.payment_id,
        )
        payout = entries.filter(payment_type="payout").first()
        return {"external_id": "cust-00042", "payout_id": payout.payment_id, "cursor": cursor}

    # ---- HTTP ----------------------------------------------------------------------------

    def _scenarios(self, base, provider_id, auth, targets, options) -> list[dict]:
        p = f"{base}/providers/{provider_id}"
        get = WRK / "get.lua"
        cases = [
            ("floor view (same lookup)", f"{base}/bench/floor/{provider_id}/cust-00042", get, {}),
            ("GET participant", f"{p}/participants/{targets['external_id']}", get, {}),
            ("GET participants?limit=25", f"{p}/participants?limit=25", get, {}),
            ("GET payments?limit=25", f"{p}/payments?limit=25", get, {}),
            (
                f"GET payments, page {options['depth']}",
                f"{p}/payments?limit=25&cursor={targets['cursor']}",
                get,
                {},
            ),
            ("GET payout detail", f"{p}/payouts/{targets['payout_id']}", get, {}),
        ]
        results = []
        for name, url, script, extra in cases:
            self.stderr.write(f"  {name} ...")
            wrk_env = {"BENCH_AUTH": auth, **extra, "BENCH_PREFIX": f"warm-{time.time_ns()}"}
            # Warm up: connections, caches, first compiles.
            loadtest.run_wrk(name, url, script=script, connections=2, seconds=2, env=wrk_env)
            result = loadtest.run_wrk(
                name,
                url,
                script=script,
                connections=options["connections"],
                seconds=options["seconds"],
                env={"BENCH_AUTH": auth, **extra},
                server=base,
            )
            results.append(result)
        floor, floor_cpu = results[0].requests_per_second, results[0].cpu_ms
        return [
            {
                "request": r.name,
                "req_per_s": round(r.requests_per_second, 1),
                "p50_ms": round(r.p50_ms, 2),
                "p99_ms": round(r.p99_ms, 2),
                "non_2xx": r.non_2xx,
                "cost_vs_floor": round(floor / r.requests_per_second, 2),
                # CPU per request against the floor's: steadier than req/s on a shared machine.
                **(
                    {"cpu_ms": r.cpu_ms, "cpu_vs_floor": round(r.cpu_ms / floor_cpu, 2)}
                    if r.cpu_ms and floor_cpu
                    else {}
                ),
            }
            for r in results
        ]

    # ---- payouts end to end --------------------------------------------------------------

    def _payouts(self, provider, env, options, auth: str) -> dict:
        """Where the time of a payout goes (the request and the worker's task, each profiled
        on its own), then payouts per second end to end in the production layout
        (bench.payouts) at 1, 4 and 16 concurrent senders."""
        runs = CONCURRENCIES
        senders = list(
            Enrollment.objects.filter(
                provider=provider, suspended=False, external_id__startswith="cust-"
            )
            .order_by("?")  # spread over runs: each sender has a daily send count
            .values_list("external_id", flat=True)[: options["payouts"] * len(runs) + 30]
        )
        rows = []
        with (
            loadtest.served(settings.BASE_DIR, env, workers=options["workers"], threads=4) as base,
            self._ledger(provider, base, options["ledger"]) as ledger,
        ):
            profiles = bench_payouts.profile(provider.id, senders[:20])
            if settings.REDIS_URL:
                log = Path(tempfile.mkstemp(prefix="bench-ledger-worker-", suffix=".log")[1])
                worker = bench_payouts.worker(settings.BASE_DIR, env, log)
                try:
                    measured = {
                        "ledger_pid": ledger.pid,
                        "database": base.database,
                        "worker_pid": worker.pid,
                    }
                    backlog, took = bench_payouts.drain()
                    if backlog:
                        self.stderr.write(f"  {backlog} queued ledger calls drained ({took:.0f} s)")
                    if options["payouts_via"] == "api":
                        measured["creator"] = bench_payouts.creating_over_http(base, auth)
                        measured["service_pid"] = base.pid
                    bench_payouts.run(provider.id, senders[20:30], 2, **measured)  # warm-up
                    rest = senders[30:]
                    for n, concurrency in enumerate(runs):
                        chunk = rest[n * options["payouts"] : (n + 1) * options["payouts"]]
                        self.stderr.write(f"  payouts at concurrency {concurrency} ...")
                        rows.append(bench_payouts.run(provider.id, chunk, concurrency, **measured))
                finally:
                    loadtest.stop(worker)
        return {
            "ledger": options["ledger"],
            "via": options["payouts_via"],
            "runs": rows,
            "top_costs": profiles,
        }

    def _ledger(self, provider, base: loadtest.Served, kind: str):
        """The provider's ledger for the payouts: the sandbox the served checkout runs, or the
        stand-in in a gunicorn of its own; what is yielded has the pid its CPU is read from."""
        if kind == "sandbox":
            wire_sandbox_ledger(provider.id, base)
            return nullcontext(base)
        port = loadtest.free_port()
        key = stand_in_ledger.wire(provider.id, port)
        return stand_in_ledger.serve(key, port=port, workers=stand_in_ledger.BENCH_WORKERS)


def payment_services_filters_binding() -> dict:
    """The filter binding of the unfiltered provider-wide list (what its cursors are bound to)."""
    from django.http import QueryDict

    from payments.api.filters import parse_filters

    return parse_filters(QueryDict(""), provider_wide=True).binding()


def _database_url() -> str:
    d = connection.settings_dict
    password = f":{d['PASSWORD']}" if d.get("PASSWORD") else ""
    host = f"{d['HOST'] or '127.0.0.1'}:{d['PORT'] or 5432}"
    return f"postgres://{d['USER']}{password}@{host}/{d['NAME']}"


def _conditions(options) -> dict:
    import os

    return {
        "database": "PostgreSQL",
        "payments": options["rows"],
        "gunicorn": f"{options['workers']} workers x {options['threads']} thread(s)",
        "wrk": f"2 threads, {options['connections']} connections, {options['seconds']} s each",
        "cores": os.cpu_count(),
    }


def _report(data: dict) -> str:
    lines = [", ".join(f"{k}: {v}" for k, v in data["conditions"].items()), ""]
    for label, rows in data["tables"].items():
        lines.append(f"[{label}]")
        lines.append(f"{'request':32} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'non-2xx':>8} "
                     f"{'cost/floor':>10} {'CPU ms':>7} {'CPU/floor':>9}")  # fmt: skip
        for r in rows:
            lines.append(
                f"{r['request']:32} {r['req_per_s']:>8} {r['p50_ms']:>8} {r['p99_ms']:>8} "
                f"{r['non_2xx']:>8} {r['cost_vs_floor']:>10} {r.get('cpu_ms', ''):>7} "
                f"{r.get('cpu_vs_floor', ''):>9}"
            )
        lines.append("")
    p = data["payouts"]
    if p is None:
        return "\n".join(lines)
    lines.append(
        "payouts end to end (production layout: the ledger call on its worker queue; "
        f"the {p['ledger']} ledger):"
    )
    lines.append(f"{'concurrency':>11} {'payouts':>8} {'refused':>8} {'created/s':>10} "
                 f"{'authorized':>10} {'authorized/s':>12} {'seconds':>8}")  # fmt: skip
    for r in p["runs"]:
        lines.append(
            f"{r['concurrency']:>11} {r['payouts']:>8} {r['refused']:>8} "
            f"{r['created_per_second']:>10} {r['authorized']:>10} "
            f"{r['authorized_per_second']:>12} {r['seconds']:>8}"
        )
    lines.append("CPU ms per payout: " + "; ".join(
        f"{r['concurrency']} sender(s): " + ", ".join(f"{k} {v}" for k, v in r["cpu_ms"].items())
        for r in p["runs"]
    ))  # fmt: skip
    for side, costs in p["top_costs"].items():
        lines.append(f"top costs of 20 payouts, the {side} side on its own (cumulative CPU):")
        lines += [f"  {c['share']:>5.0%}  {c['seconds']:>7}s  {c['where']}" for c in costs]
    return "\n".join(lines)
