"""Benchmark of the payment lists at scale: every filter, q, deep pages, participant scope.

Loads N generated payments for one provider among several (`bench.payment_data`),
then times each list scenario in-process along the view's path (parse filters, select,
paginate, render) and prints p50 / p95 with the access path of its EXPLAIN plan.
"""

import time
from datetime import timedelta

from django.db import connection, reset_queries
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext

from api.pagination import paginate
from bench.measure import BenchCommand, measure
from bench.payment_data import ANALYZED, load
from bench.payment_inserts import insert_rate
from common.rendering import json_ready
from payments import page_rows, rendering, selectors
from payments.api.filters import parse_filters
from payments.models import PaymentEntry
from providers.models import Provider

LIMIT = 25


class Command(BenchCommand):
    help = "Time payment list scenarios over N generated payments (prints p50/p95 and plans)."

    def add_arguments(self, parser):
        parser.add_argument("--rows", type=int, default=100_000, help="payments of the provider")
        parser.add_argument("--providers", type=int, default=4)
        parser.add_argument("--repeat", type=int, default=40)
        parser.add_argument("--depth", type=int, default=1000, help="page reached via cursors")
        parser.add_argument(
            "--insert-rate",
            type=int,
            default=0,
            metavar="N",
            help="then create N payouts through the service and print payouts per second",
        )

    def handle(self, *args, **options):
        rows, depth = options["rows"], options["depth"]
        started = time.perf_counter()
        target, loaded = load(rows, options["providers"], log=self.stderr.write)
        load_seconds = time.perf_counter() - started
        if connection.vendor == "postgresql":
            # VACUUM cannot run inside a transaction (a test's); ANALYZE alone still can.
            command = "ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE"
            with connection.cursor() as cursor:
                for table in ANALYZED:
                    cursor.execute(f"{command} {table}")
        results = self._scenarios(target, options["repeat"], depth)
        data = {
            "database": connection.vendor,
            "rows": rows,
            "generatedPayments": loaded,
            "loadSeconds": round(load_seconds, 1),
            "scenarios": results,
        }
        if options["insert_rate"]:
            data["insertRate"] = insert_rate(target, options["insert_rate"])
        lines = [
            f"{connection.vendor}: {rows} payments of the measured provider, {loaded} generated "
            f"in this run ({load_seconds:.1f} s including analyze)",
            f"{'scenario':<38} {'rows':>5} {'p50 ms':>8} {'p95 ms':>8}  plan",
        ]
        lines += [
            f"{r['scenario']:<38} {r['rows']:>5} {r['p50']:>8.2f} {r['p95']:>8.2f}  {r['plan']}"
            for r in results
        ]
        if "insertRate" in data:
            rate = data["insertRate"]
            lines.append(
                f"payouts through the service: {rate['payouts']} in a row, "
                f"{rate['perSecond']:.1f} per second (p50 {rate['p50']:.2f} ms, "
                f"p95 {rate['p95']:.2f} ms each)"
            )
        self.emit(options, data, "\n".join(lines))

    def _page(self, provider_id: str, params: dict, participant_id: str | None = None):
        query = QueryDict(mutable=True)
        for key, value in params.items():
            query.setlist(key, value if isinstance(value, list) else [value])
        filters = parse_filters(query, provider_wide=participant_id is None)
        page = paginate(
            selectors.list_entries(provider_id, filters, participant_id=participant_id),
            query_params=query,
            provider_id=provider_id,
            scope=f"participants/{participant_id}/payments" if participant_id else "payments",
            filters=filters.binding(),
            id_field="payment_id",
        )
        scoped = participant_id is not None
        entries = page_rows.attach_payments(page.items)
        page.rendered = [  # render, as the view does
            json_ready(rendering.render_payment_row(entry, provider_id, scoped=scoped))
            for entry in entries
        ]
        return page

    def _scenarios(self, target: Provider, repeat: int, depth: int) -> list[dict]:
        pid = target.id
        sample = _samples(target)
        cursor = None
        for _ in range(depth - 1):
            cursor = self._page(
                pid, {"limit": str(LIMIT), **({"cursor": cursor} if cursor else {})}
            ).next_cursor
        week = sample["week_start"]
        cases = [
            ("first page", {}, None),
            (f"page {depth} (cursor)", {"cursor": cursor}, None),
            ("type=request", {"type": "request"}, None),
            ("status=completed", {"status": "completed"}, None),
            ("status=claiming&status=reversing", {"status": ["claiming", "reversing"]}, None),
            ("status=reversal_failed (rare)", {"status": "reversal_failed"}, None),
            ("onHold=true", {"onHold": "true"}, None),
            ("onHold=false", {"onHold": "false"}, None),
            (
                "createdFrom+createdTo (one week)",
                {
                    "createdFrom": week.isoformat(),
                    "createdTo": (week + timedelta(days=7)).isoformat(),
                },
                None,
            ),
            ("paymentID", {"paymentID": sample["payment_id"]}, None),
            ("referenceNumber", {"referenceNumber": sample["reference"]}, None),
            ("participantID", {"participantID": sample["participant_id"]}, None),
            ("q by name", {"q": sample["family_name"]}, None),
            ("q by full name", {"q": sample["full_name"]}, None),
            ("q by memo", {"q": "concert"}, None),
            ("q by phone digits", {"q": sample["phone_fragment"]}, None),
            ("q by externalID", {"q": sample["external_id"]}, None),
            # No trigram (payments.search: the memos' one- and two-character grams).
            ("q with no trigram (zq)", {"q": "zq"}, None),
            ("q of punctuation (!!)", {"q": "!!"}, None),
            (
                "type+status+onHold",
                {"type": "payout", "status": "authorized", "onHold": "true"},
                None,
            ),
            ("participant-scoped first page", {}, sample["participant_id"]),
            (
                "participant-scoped status=completed",
                {"status": "completed"},
                sample["participant_id"],
            ),
            ("participant-scoped q by memo", {"q": "rent"}, sample["participant_id"]),
        ]
        results = []
        for name, params, participant_id in cases:
            params = {"limit": str(LIMIT), **params}
            # With DEBUG on, Django's query log is bounded (9,000 entries): once the timing
            # runs fill it, a capture would read nothing. Start each capture from empty.
            reset_queries()
            with CaptureQueriesContext(connection) as captured:
                page = self._page(pid, params, participant_id)
            timing = measure(
                lambda p=params, x=participant_id: self._page(pid, p, x), repeat=repeat
            )
            results.append(
                {
                    "scenario": name,
                    "rows": len(page.items),
                    **{k: round(v, 2) for k, v in timing.items()},
                    "plan": plan_summary(_page_query(captured)),
                }
            )
        return results


def _samples(target: Provider) -> dict:
    """Realistic search values taken from the generated data: a payment the provider's own
    participant initiated (so the participant-scoped lists read a full history, not the few
    payments one of another provider's participants shares with it)."""
    entries = PaymentEntry.objects.filter(provider=target, is_primary=True)
    initiated = entries.filter(role=PaymentEntry.Role.INITIATOR)
    middle = initiated.order_by("-created_on")[initiated.count() // 2 :][:1].get()
    payment = middle.payment
    enrollment = payment.initiator_enrollment
    other = entries.order_by("created_on")[entries.count() // 3 :][:1].get().payment
    return {
        "payment_id": payment.id,
        "reference": other.reference_number,
        "participant_id": enrollment.participant_id,
        "external_id": enrollment.external_id,
        "family_name": enrollment.family_name,
        "full_name": enrollment.full_name,
        "phone_fragment": payment.counterparty_phone[-7:],
        "week_start": payment.created_on - timedelta(days=3),
    }


def _page_query(captured) -> str:
    """The SQL of the list query the page ran (the last reading the entries with a LIMIT: a q
    with no trigram reads some of them first, to choose its way)."""
    return [
        q["sql"]
        for q in captured.captured_queries
        if '"payments_paymententry"' in q["sql"] and "LIMIT" in q["sql"]
    ][-1]


def plan_summary(sql: str) -> str:
    """The plan's top node and the access path on the entries, plus any sort or seq scan."""
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
            return " | ".join(str(row[-1]) for row in cursor.fetchall()[:2])
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}")
        plan = cursor.fetchone()[0][0]["Plan"]
    nodes = list(_walk(plan))
    access = [
        f"{n['Node Type']} {n.get('Index Name', '')}".strip()
        for n in nodes
        if n.get("Relation Name") == PaymentEntry._meta.db_table
        or (
            n["Node Type"] == "Bitmap Index Scan"
            and n.get("Index Name", "").startswith("payment_entry")
        )
    ]
    flags = [
        n["Node Type"] for n in nodes if n["Node Type"] in ("Sort", "Incremental Sort", "Seq Scan")
    ]
    summary = f"{plan['Node Type']} > {' + '.join(dict.fromkeys(access))}"
    return summary + (f"  [{', '.join(flags)}]" if flags else "")


def _walk(node):
    yield node
    for child in node.get("Plans", []):
        yield from _walk(child)
