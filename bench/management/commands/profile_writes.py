"""Where a write's time goes, in-process: the write floor, then each write kind of
`bench_http`, sent `--requests` times through the whole Django stack (middleware,
authentication, the idempotency wrapper, the service, rendering) on this database, with the
process's CPU per request unprofiled and its PostgreSQL backend's, its SQL statements per
request and the top costs of a cProfile run (`--save` keeps each run's pstats file). Run it on
PostgreSQL with the benchmark data loaded (`bench_http` loads it)."""

import cProfile
import io
import pstats
import time
from pathlib import Path

from django.core.management.base import CommandError
from django.db import connection
from django.test import Client
from django.test.utils import override_settings

from bench import loadtest
from bench import writes as bench_writes
from bench.measure import BenchCommand
from providers import services as provider_services
from providers.models import Provider


class Command(BenchCommand):
    help = "Profile each write kind in-process: statements per request and top costs."

    def add_arguments(self, parser):
        parser.add_argument("--rows", type=int, default=100_000, help="bench_http's data set")
        parser.add_argument("--requests", type=int, default=200)
        parser.add_argument("--kind", action="append", help="a kind's name starts with this")
        parser.add_argument("--top", type=int, default=25)
        parser.add_argument("--save", type=Path, help="a folder for each kind's pstats file")
        parser.add_argument(
            "--sort", choices=["cumulative", "own"], default="cumulative", help="rank by"
        )
        parser.add_argument(
            "--no-profile",
            action="store_true",
            help="send the requests unprofiled only: run twice under `valgrind --tool=callgrind` "
            "with two --requests counts, and the difference of the instructions counted over "
            "the difference of the counts is a request's instructions, whatever the machine's "
            "load",
        )
        parser.add_argument("--no-floor", action="store_true", help="the kinds asked for only")
        parser.add_argument(
            "--cpu",
            action="store_true",
            help="time the profile by this process's CPU, not the clock: waits on PostgreSQL "
            "and Redis drop out, and a busy machine does not stretch the rest",
        )

    def handle(self, *args, **options):
        provider = Provider.objects.filter(name=f"bench-payments-{options['rows']}").first()
        if provider is None:
            raise CommandError("Load the data first: manage.py bench_http --rows N.")
        issued = provider_services.create_api_key(provider=provider, label="profile-writes")
        client = Client(HTTP_AUTHORIZATION=_basic(issued.api_key.id, issued.secret))
        bench_writes.prepare_floor_table()
        bench_writes.reset_relationships(provider.id)
        report = self._profile_kinds(client, provider.id, options)
        self.stdout.write("\n".join(report))

    def _profile_kinds(self, client, provider_id: str, options) -> list[str]:
        report = []
        # The benchmark's own views (the payout one) beside the API, as bench_http serves them.
        with override_settings(ROOT_URLCONF="bench.floor.bench_floor_urls"):
            # The floor first: what the bare write costs in this process, to read the rest by.
            floor = bench_writes.WriteKind(
                "write floor", "/bench/write-floor", bench_writes.PARTICIPANT_BODY
            )
            for kind in [floor, *bench_writes.kinds(provider_id)]:
                wanted = options["kind"] or [kind.name]
                if kind is floor and options["no_floor"]:
                    continue
                if kind is not floor and not any(kind.name.startswith(k) for k in wanted):
                    continue
                report += self._profile(client, kind, options)
                if kind.cleanup is not None:
                    kind.cleanup()
        return report

    def _profile(self, client, kind, options) -> list[str]:
        items = kind.items() if kind.items else []
        n = options["requests"]
        counted = 10
        requests = iter(
            _request(kind, f"prof-{time.time_ns()}-{i}", items, i)
            for i in range(2 * n + counted + 5)
        )
        for _ in range(5):  # the first compiles, caches
            _send(client, *next(requests))
        # Statements counted apart, by a wrapper rather than the debug cursor, whose logging
        # of each statement would otherwise show in the timings and the profile.
        queries = []

        def record(execute, sql, params, many, context):
            queries.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(record):
            for _ in range(counted):
                _send(client, *next(requests))
        statuses = []
        backend = _backend_pid()
        database_cpu = loadtest.process_cpu(backend)
        started, cpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            statuses.append(_send(client, *next(requests)))
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        database_cpu = loadtest.process_cpu(backend) - database_cpu
        if options["no_profile"]:
            return [f"{kind.name}: {n} requests sent, statuses {sorted(set(statuses))}"]
        profile = cProfile.Profile(time.process_time) if options["cpu"] else cProfile.Profile()
        profile.enable()
        for _ in range(n):
            statuses.append(_send(client, *next(requests)))
        profile.disable()
        if options["save"]:
            options["save"].mkdir(parents=True, exist_ok=True)
            profile.dump_stats(options["save"] / f"{kind.name.replace(' ', '_')}.pstats")
        lines = [
            f"{kind.name}: {n} requests, {seconds / n * 1000:.2f} ms each, "
            f"{cpu / n * 1000:.2f} ms of this process's CPU each (unprofiled), "
            f"{database_cpu / n * 1000:.2f} ms of its PostgreSQL backend's, "
            f"{len(queries) / counted:.1f} statements each, statuses {sorted(set(statuses))}"
        ]
        per_request = len(queries) // counted
        lines += [f"    {sql[:150]}" for sql in queries[-per_request:]]
        lines += _top(profile, n, options["top"], by_own=options["sort"] == "own")
        return [*lines, ""]


def _backend_pid() -> int:
    """This process's PostgreSQL backend (the server runs on this machine: its CPU is read
    from /proc)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _basic(key_id: str, secret: str) -> str:
    import base64

    return "Basic " + base64.b64encode(f"{key_id}:{secret}".encode()).decode()


def _request(kind, key: str, items: list[str], i: int) -> tuple[str, str, str]:
    fields = items[i % len(items)].split() if items else []
    path, body = kind.path.replace("$KEY", key), kind.body.replace("$KEY", key)
    for n, value in enumerate(fields, 1):
        path, body = path.replace(f"${n}", value), body.replace(f"${n}", value)
    return path, body, key


def _send(client, path: str, body: str, key: str) -> int:
    response = client.post(
        path,
        body,
        content_type="application/json",
        HTTP_X_IDEMPOTENCY_KEY=key,
        secure=True,
        HTTP_HOST="127.0.0.1",
    )
    return response.status_code


def _top(profile, n: int, count: int, by_own: bool = False) -> list[str]:
    stats = pstats.Stats(profile, stream=io.StringIO())
    rows = []
    for (path, line, function), (_, calls, own, cumulative, _) in stats.stats.items():
        rows.append((cumulative, own, calls, f"{_short(path)}:{line} {function}"))
    rows.sort(key=lambda row: row[1] if by_own else row[0], reverse=True)
    out = [f"    {'ms/req cum':>10} {'ms/req own':>10} {'calls/req':>9}  where"]
    for cumulative, own, calls, where in rows[:count]:
        out.append(
            f"    {cumulative / n * 1000:>10.3f} {own / n * 1000:>10.3f} {calls / n:>9.1f}  {where}"
        )
    return out


def _short(path: str) -> str:
    parts = Path(path).parts
    if "site-packages" in parts:
        return "/".join(parts[parts.index("site-packages") + 1 :])
    return "/".join(parts[-2:])
