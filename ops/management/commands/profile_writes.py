"""Where a write's time goes, in-process: each write kind of `bench_http` sent `--requests`
times through the whole Django stack (middleware, authentication, the idempotency wrapper,
the service, rendering) on this database, with its SQL statements per request and the top
cumulative costs of a cProfile run. Run it on PostgreSQL with the benchmark data loaded
(`bench_http` loads it)."""

import cProfile
import io
import pstats
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from django.core.management.base import CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings

from common.bench import BenchCommand
from ops import bench_writes, loadtest
from providers import services as provider_services
from providers.models import Provider


class Command(BenchCommand):
    help = "Profile each write kind in-process: statements per request and top costs."

    def add_arguments(self, parser):
        parser.add_argument("--rows", type=int, default=100_000, help="bench_http's data set")
        parser.add_argument("--requests", type=int, default=200)
        parser.add_argument("--kind", action="append", help="a kind's name starts with this")
        parser.add_argument("--top", type=int, default=25)
        parser.add_argument(
            "--sort", choices=["cumulative", "own"], default="cumulative", help="rank by"
        )

    def handle(self, *args, **options):
        provider = Provider.objects.filter(name=f"bench-payments-{options['rows']}").first()
        if provider is None:
            raise CommandError("Load the data first: manage.py bench_http --rows N.")
        issued = provider_services.create_api_key(provider=provider, label="profile-writes")
        client = Client(HTTP_AUTHORIZATION=_basic(issued.api_key.id, issued.secret))
        bench_writes.prepare_floor_table()
        bench_writes.reset_relationships(provider.id)
        report = []
        # The benchmark's own views (the payout one) beside the API, as bench_http serves them.
        shim = Path(tempfile.mkdtemp(prefix="profile-writes-"))
        for name, text in loadtest.FLOOR_MODULES.items():
            (shim / name).write_text(textwrap.dedent(text).lstrip())
        sys.path.insert(0, str(shim))
        with override_settings(ROOT_URLCONF="bench_floor_urls"):
            for kind in bench_writes.kinds(provider.id):
                if options["kind"] and not any(kind.name.startswith(k) for k in options["kind"]):
                    continue
                report += self._profile(client, kind, options)
                if kind.cleanup is not None:
                    kind.cleanup()
        self.stdout.write("\n".join(report))

    def _profile(self, client, kind, options) -> list[str]:
        items = kind.items() if kind.items else []
        n = options["requests"]
        requests = [_request(kind, f"prof-{time.time_ns()}-{i}", items, i) for i in range(n + 5)]
        for path, body, key in requests[:5]:  # first compiles, caches
            _send(client, path, body, key)
        profile = cProfile.Profile()
        statuses = []
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            profile.enable()
            for path, body, key in requests[5:]:
                statuses.append(_send(client, path, body, key))
            profile.disable()
            seconds = time.perf_counter() - started
        lines = [
            f"{kind.name}: {n} requests, {seconds / n * 1000:.2f} ms each, "
            f"{len(queries) / n:.1f} statements each, statuses {sorted(set(statuses))}"
        ]
        per_request = len(queries) // n
        lines += [f"    {q['sql'][:150]}" for q in queries.captured_queries[-per_request:]]
        lines += _top(profile, n, options["top"], by_own=options["sort"] == "own")
        return [*lines, ""]


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
