"""Event history at volume, on PostgreSQL: the feed's first page against a page deep in it,
and retiring one month of events by the old purge (the ORM's cascading delete) against
detaching the month's partitions (then dropping the detached tables).

Loads `--events` events of one provider (each with one delivery and one attempt unless
`--bare`) with COPY, spread evenly over the `--months` calendar months before the current
one and the current month so far, then checkpoints (the load's pages are on disk before
anything is timed). Then:
1. times the feed's first page and the page `--depth` events deep, along the view's path
   (filters, keyset page, rendering), p50/p95 over `--repeat` runs;
2. retires the oldest month by detaching its partitions (events.retention), then drops the
   detached tables (the files freed, off the retirement's path), then the next month by the
   old purge (unless `--no-old-purge`), each timed with the process's peak memory growth.

The peak is the kernel's VmHWM, reset to the current size before each step (`clear_refs`):
getrusage's ru_maxrss never goes down, so after the load it read +0 MB for any step that
needed less memory than the load had, whatever the step did.
"""

import time
from datetime import timedelta

from django.conf import settings
from django.core.management.base import CommandError
from django.db import connection, transaction
from django.utils import timezone

from api.pagination import encode_cursor, paginate
from bench.measure import BenchCommand, measure
from common import partitions
from events import rendering, retention, selectors
from events.models import Event, WebhookEndpoint
from providers import services as provider_services

BATCH = 100_000


def month_start(moment, months: int):
    index = moment.year * 12 + moment.month - 1 + months
    return moment.replace(
        year=index // 12, month=index % 12 + 1, day=1, hour=0, minute=0, second=0, microsecond=0
    )


def _copy(cursor, sql: str, rows) -> None:
    with cursor.cursor.copy(sql) as copy:
        for row in rows:
            copy.write_row(row)


def _checkpoint() -> None:
    """Write the load's dirty pages out now (a superuser's right), so that what is timed next
    does not pay for them."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('is_superuser') = 'on'")
        if cursor.fetchone()[0]:
            cursor.execute("CHECKPOINT")


def _status_mb(field: str) -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    raise CommandError(f"/proc/self/status has no {field}")


def _reset_peak_mb() -> float:
    """Reset the process's peak resident size (VmHWM) to its current size and answer the size
    the step starts from. Where the kernel refuses the reset, the step is measured against the
    peak so far, as getrusage would."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        return _status_mb("VmHWM")
    return _status_mb("VmRSS")


class Command(BenchCommand):
    help = "Event feed depth and month retirement at volume (PostgreSQL)."

    def add_arguments(self, parser):
        parser.add_argument("--events", type=int, default=20_000_000)
        parser.add_argument("--months", type=int, default=4, help="full months before this one")
        parser.add_argument("--depth", type=int, default=1_000_000)
        parser.add_argument("--repeat", type=int, default=40)
        parser.add_argument("--bare", action="store_true", help="events without deliveries")
        parser.add_argument(
            "--no-old-purge", action="store_true", help="retire a month by detaching only"
        )

    def handle(self, *args, events, months, depth, repeat, bare, no_old_purge, **options):
        if not partitions.enabled():
            raise CommandError("bench_event_history measures PostgreSQL partitions.")
        now = timezone.now().replace(microsecond=0)
        start = month_start(now, -months)
        provider, _ = provider_services.create_provider(name=f"Bench history {now:%H%M%S}")
        started = time.perf_counter()
        self._load(provider.id, events, start, now, with_deliveries=not bare)
        load_s = time.perf_counter() - started
        self.stderr.write(f"loaded {events} events in {load_s:.0f} s")
        _checkpoint()
        feed = self._feed(provider.id, depth, repeat)
        retire = self._retire(start, old_purge=not no_old_purge)
        result = {"events": events, "loadSeconds": round(load_s), "feed": feed, "retire": retire}
        lines = [f"{events} events over {months} months + this one, loaded in {load_s:.0f} s"]
        lines += [
            f"feed {name:<22} p50 {r['p50']:7.2f} ms  p95 {r['p95']:7.2f} ms"
            for name, r in feed.items()
        ]
        lines += [
            f"retire a month by {name:<14} {r['rows']:>9} events  {r['seconds']:8.3f} s  "
            f"peak memory +{r['peakMemoryMb']:.0f} MB"
            for name, r in retire.items()
        ]
        freed = retire["detaching"]["dropDetached"]
        lines.append(
            f"then drop the detached tables (off the retirement's path) {freed['seconds']:8.3f} s"
        )
        self.emit(options, result, "\n".join(lines))

    def _load(self, provider_id, count, start, end, *, with_deliveries):
        endpoint = WebhookEndpoint.objects.create(
            provider_id=provider_id, url="https://bench.example/hook", sealed_secret="unused"
        )
        months = []
        month = start
        while month <= end:
            months.append(month)
            month = month_start(month, 1)
        with connection.cursor() as cursor:
            for table in ("events_event", "events_delivery", "events_deliveryattempt"):
                cursor.execute(
                    "SELECT partman.create_partition_time(%s, %s::timestamptz[])",
                    [f"public.{table}", months],
                )
        span = (end - start).total_seconds()
        for first in range(0, count, BATCH):
            n = range(first, min(count, first + BATCH))
            times = [start + timedelta(seconds=span * i / count) for i in n]
            with transaction.atomic(), connection.cursor() as cursor:
                _copy(
                    cursor,
                    "COPY events_event (id, provider_id, type, created_on, data, request_id, "
                    "dispatched_on) FROM STDIN",
                    (
                        (f"evt_bench{i:010d}", provider_id, "payout.created", t, "{}", "", t)
                        for i, t in zip(n, times, strict=True)
                    ),
                )
                if with_deliveries:
                    self._load_deliveries(cursor, n, times, endpoint.pk)
            self.stderr.write(f"  {min(count, first + BATCH)} / {count}")
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE events_event")
            cursor.execute("ANALYZE events_delivery")
            cursor.execute("ANALYZE events_deliveryattempt")

    def _load_deliveries(self, cursor, n, times, endpoint_id):
        _copy(
            cursor,
            "COPY events_delivery (id, event_id, event_created_on, endpoint_id, status, "
            "attempts, created_on, delivered_on, last_attempt_on, request_id) FROM STDIN",
            (
                (
                    f"dlv_bench{i:010d}",
                    f"evt_bench{i:010d}",
                    t,
                    endpoint_id,
                    "delivered",
                    1,
                    t,
                    t,
                    t,
                    "",
                )
                for i, t in zip(n, times, strict=True)
            ),
        )
        _copy(
            cursor,
            "COPY events_deliveryattempt (delivery_id, event_created_on, number, started_on, "
            "finished_on, status_code, latency_ms, error, response_excerpt) FROM STDIN",
            (
                (f"dlv_bench{i:010d}", t, 1, t, t, 204, 40, "", "")
                for i, t in zip(n, times, strict=True)
            ),
        )

    def _feed(self, provider_id, depth, repeat) -> dict:

        filters = selectors.EventFilters()
        served = selectors.list_events(provider_id, filters).order_by("created_on", "id")
        at, pk = served.values_list("created_on", "id")[depth - 1]
        cursor = encode_cursor(
            provider_id=provider_id, scope="events", filters=filters.binding(), at=at, pk=pk
        )

        def page(params):
            def run():
                found = paginate(
                    selectors.list_events(provider_id, filters),
                    query_params=params,
                    provider_id=provider_id,
                    scope="events",
                    filters=filters.binding(),
                    descending=False,
                )
                return [rendering.render_event(e) for e in found.items]

            return run

        return {
            "first page": measure(page({}), repeat=repeat),
            f"page {depth} events deep": measure(page({"cursor": cursor}), repeat=repeat),
        }

    def _retire(self, start, *, old_purge: bool) -> dict:
        def timed(fn) -> dict:
            before = _reset_peak_mb()
            started = time.perf_counter()
            fn()
            return {
                "seconds": time.perf_counter() - started,
                "peakMemoryMb": max(0.0, _status_mb("VmHWM") - before),
            }

        first_end, second_end = month_start(start, 1), month_start(start, 2)
        rows = {
            "detaching": Event.objects.filter(created_on__lt=first_end).count(),
            "the old purge": Event.objects.filter(
                created_on__gte=first_end, created_on__lt=second_end
            ).count(),
        }
        detached = timed(
            lambda: retention.retire_expired_events(
                now=first_end + timedelta(seconds=1, days=settings.EVENT_RETENTION_DAYS)
            )
        )
        freed = timed(partitions.drop_retired)
        by_detaching = {"rows": rows["detaching"], **detached, "dropDetached": freed}
        if not old_purge:
            return {"detaching": by_detaching}
        # The purge as it was: the ORM's collector loads the events, their deliveries and
        # attempts, then deletes them in batches.
        deleted = timed(
            lambda: transaction.atomic()(
                lambda: Event.objects.filter(created_on__lt=second_end).delete()
            )()
        )
        return {
            "detaching": by_detaching,
            "the old purge": {"rows": rows["the old purge"], **deleted},
        }
