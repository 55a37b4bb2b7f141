"""Benchmark of the payment lists at scale: every filter, q, deep pages, participant scope.

Bulk-generates N payments for one provider among several (PostgreSQL: COPY; elsewhere bulk
inserts), then times each list scenario in-process along the view's path (parse filters,
select, paginate, render) and prints p50 / p95 with the access path of its EXPLAIN plan.
"""

import json
import random
import time
from contextlib import contextmanager
from datetime import timedelta

from django.db import connection, reset_queries, transaction
from django.http import QueryDict
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from ulid import ULID

from api.pagination import paginate
from common.bench import BenchCommand, measure
from common.rendering import json_ready
from participants.models import Enrollment, FundingSource, Participant
from payments import rendering, selectors
from payments.api.filters import parse_filters
from payments.entries import entries_for
from payments.models import Payment, PaymentEntry, PaymentType
from providers.models import Provider

GIVEN = (
    "Ada", "Alan", "Alice", "Amara", "Ana", "Ben", "Bob", "Carmen", "Chen", "Dmitri", "Elena",
    "Emeka", "Fatima", "Grace", "Hana", "Ivan", "Jamal", "Jin", "Kofi", "Lena", "Luca", "Maya",
    "Mei", "Nadia", "Noah", "Omar", "Priya", "Quinn", "Rosa", "Sam", "Tariq", "Uma", "Vera",
    "Wei", "Yara", "Zoe",
)  # fmt: skip
FAMILY = (
    "Nguyen", "Okafor", "Diaz", "Ivanov", "Rahman", "Hopper", "Lovelace", "Turing", "Liskov",
    "Moreno", "Kim", "Patel", "Smith", "Garcia", "Chen", "Silva", "Cohen", "Haddad", "Mensah",
    "Novak", "Rossi", "Sato", "Tanaka", "Weber", "Yilmaz", "Zhang", "Kowalski", "Andersen",
    "Byrne", "Costa", "Dubois", "Eriksen", "Fischer", "Gomez", "Horvat", "Ito", "Jensen", "Kaur",
    "Lindqvist", "Murphy",
)  # fmt: skip
MEMOS = (
    "Dinner", "Rent", "Groceries", "Concert tickets", "Birthday gift", "Taxi home", "Coffee",
    "Utilities", "Book club", "Gym share", "Road trip gas", "Lunch", "Movie night", "Phone bill",
    "Wedding gift", "Babysitting", "Tuition", "Invoice 2291", "Parking", "Flowers",
)  # fmt: skip
PAYOUT_STATUSES = (
    ("completed", 60), ("accepted", 8), ("expired", 8), ("cancelled", 5), ("denied", 3),
    ("authorized", 2), ("failed", 1), ("claiming", 1), ("payout_failed", 1), ("initiated", 1),
)  # fmt: skip
REQUEST_STATUSES = (
    ("completed", 50), ("created", 10), ("expired", 10), ("declined", 8), ("cancelled", 5),
    ("authenticated", 3), ("funded", 2), ("reversed", 2), ("denied", 2), ("paying", 1),
    ("disbursing", 1), ("disbursement_failed", 1), ("reversing", 1), ("reversal_failed", 1),
)  # fmt: skip
PARTICIPANTS_PER_PROVIDER = 2000
_ANALYZED = (
    "payments_payment",
    "payments_paymententry",
    "participants_participant",
    "participants_enrollment",
    "participants_fundingsource",
)
BATCH = 20_000
LIMIT = 25


class Command(BenchCommand):
    help = "Time payment list scenarios over N generated payments (prints p50/p95 and plans)."

    def add_arguments(self, parser):
        parser.add_argument("--rows", type=int, default=100_000, help="payments of the provider")
        parser.add_argument("--providers", type=int, default=4)
        parser.add_argument("--repeat", type=int, default=40)
        parser.add_argument("--depth", type=int, default=1000, help="page reached via cursors")

    def handle(self, *args, **options):
        rows, depth = options["rows"], options["depth"]
        started = time.perf_counter()
        target, loaded = self._load(rows, options["providers"])
        load_seconds = time.perf_counter() - started
        if connection.vendor == "postgresql":
            # VACUUM cannot run inside a transaction (a test's); ANALYZE alone still can.
            command = "ANALYZE" if connection.in_atomic_block else "VACUUM ANALYZE"
            with connection.cursor() as cursor:
                for table in _ANALYZED:
                    cursor.execute(f"{command} {table}")
        results = self._scenarios(target, options["repeat"], depth)
        data = {
            "database": connection.vendor,
            "rows": rows,
            "generatedPayments": loaded,
            "loadSeconds": round(load_seconds, 1),
            "scenarios": results,
        }
        lines = [
            f"{connection.vendor}: {rows} payments of the measured provider, {loaded} generated "
            f"in this run ({load_seconds:.1f} s including analyze)",
            f"{'scenario':<38} {'rows':>5} {'p50 ms':>8} {'p95 ms':>8}  plan",
        ]
        lines += [
            f"{r['scenario']:<38} {r['rows']:>5} {r['p50']:>8.2f} {r['p95']:>8.2f}  {r['plan']}"
            for r in results
        ]
        self.emit(options, data, "\n".join(lines))

    # ---- generation --------------------------------------------------------------------

    def _load(self, rows: int, providers: int) -> tuple[Provider, int]:
        name = f"bench-payments-{rows}"
        target = Provider.objects.filter(name=name).first()
        if target and PaymentEntry.objects.filter(provider=target, is_primary=True).exists():
            return target, 0  # generated by an earlier run
        target = target or Provider.objects.create(name=name)
        others = [Provider.objects.create(name=f"{name}-other-{n}") for n in range(providers - 1)]
        people = {p.id: self._people(p) for p in [target, *others]}
        rng = random.Random(2026)
        # The measured provider's participants initiate `rows` payments; a fifth as many move
        # between the other providers, so the indexes hold several tenants.
        plan = [(target, rows), *((other, rows // (5 * len(others))) for other in others)]
        total = 0
        end = timezone.now()
        for owner, count in plan:
            for start in range(0, count, BATCH):
                batch = [
                    self._payment(rng, owner, people, end) for _ in range(min(BATCH, count - start))
                ]
                self._write(batch)
                total += len(batch)
                self.stderr.write(f"  {owner.name}: {start + len(batch)}/{count}")
        return target, total

    def _people(self, provider: Provider) -> list[Enrollment]:
        participants = Participant.objects.bulk_create(
            [Participant(status="active") for _ in range(PARTICIPANTS_PER_PROVIDER)]
        )
        rng = random.Random(provider.id)
        enrollments = Enrollment.objects.bulk_create(
            [
                Enrollment(
                    provider=provider,
                    participant=participant,
                    external_id=f"cust-{n:05d}",
                    given_name=rng.choice(GIVEN),
                    family_name=rng.choice(FAMILY),
                    address_line1="1 Main St",
                    city="Springfield",
                    state_or_province="IL",
                    postal_code="62701",
                    country="US",
                )
                for n, participant in enumerate(participants)
            ]
        )
        sources = FundingSource.objects.bulk_create(
            [
                FundingSource(
                    enrollment=e,
                    provider_source_id=f"card-{e.external_id}",
                    display_name="Visa debit",
                    funding_type="card",
                    last4=f"{rng.randrange(10000):04d}",
                )
                for e in enrollments
            ]
        )
        for enrollment, source in zip(enrollments, sources, strict=True):
            enrollment.bench_source = source
        return enrollments

    def _payment(self, rng: random.Random, owner: Provider, people: dict, end) -> Payment:
        payment_type = PaymentType.PAYOUT if rng.random() < 0.7 else PaymentType.REQUEST
        statuses = PAYOUT_STATUSES if payment_type == PaymentType.PAYOUT else REQUEST_STATUSES
        status = rng.choices([s for s, _ in statuses], weights=[w for _, w in statuses])[0]
        created_on = end - timedelta(seconds=rng.randrange(365 * 24 * 3600))
        initiator = rng.choice(people[owner.id])
        payment = Payment(
            id=f"{'po' if payment_type == PaymentType.PAYOUT else 'rq'}_"
            f"{ULID.from_datetime(created_on)}",
            type=payment_type,
            status=status,
            reference_number=_reference(rng),
            amount_minor=rng.randrange(100, 200_000),
            currency="USD",
            memo=rng.choice(MEMOS) if rng.random() < 0.7 else "",
            created_on=created_on,
            updated_on=created_on,
            expires_on=created_on + timedelta(days=14),
            initiator_provider_id=owner.id,
            initiator_enrollment=initiator,
            initiator_participant_id=initiator.participant_id,
            initiator_name=initiator.full_name,
            initiator_funding_source=initiator.bench_source,
            counterparty_phone=f"+1{rng.randrange(200, 999)}{rng.randrange(10**7):07d}",
            hold_active=status in ("authorized", "funded") and rng.random() < 0.6,
            completed_on=created_on + timedelta(hours=1) if status == "completed" else None,
        )
        bound = status not in ("initiated", "authorized", "accepted", "created", "denied")
        roll = rng.random()
        if bound and roll < 0.75:
            # Half of the bound counterparties bank elsewhere (the payment is seen by both).
            home = owner.id if roll < 0.4 else rng.choice([p for p in people if p != owner.id])
            counterparty = rng.choice([e for e in people[home] if e is not initiator][:500])
            payment.counterparty_provider_id = home
            payment.counterparty_enrollment = counterparty
            payment.counterparty_participant_id = counterparty.participant_id
            payment.counterparty_name = counterparty.full_name
            payment.counterparty_funding_source = counterparty.bench_source
        elif bound and payment_type == PaymentType.PAYOUT:
            payment.counterparty_name = f"{rng.choice(GIVEN)} {rng.choice(FAMILY)}"
        return payment

    def _write(self, payments: list[Payment]) -> None:
        entries = [entry for payment in payments for entry in entries_for(payment)]
        with transaction.atomic():
            if connection.vendor == "postgresql":
                _skip_foreign_key_checks()
                _copy(Payment, payments)
                _copy(PaymentEntry, entries)
            else:
                Payment.objects.bulk_create(payments, batch_size=500)
                PaymentEntry.objects.bulk_create(entries, batch_size=500)

    # ---- scenarios ---------------------------------------------------------------------

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
        entries = selectors.attach_payments(page.items)
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


@contextmanager
def _secondary_indexes_deferred():
    """Drop the payments tables' secondary indexes for the bulk load and build them again
    from their own definitions afterwards (PostgreSQL): one sorted build per index is far
    faster than maintaining ten of them, two of them GIN, row by row."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT i.indexname, i.indexdef FROM pg_indexes i
            WHERE i.tablename IN ('payments_payment', 'payments_paymententry')
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
            """
        )
        indexes = cursor.fetchall()
        for name, _ in indexes:
            cursor.execute(f'DROP INDEX "{name}"')
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            for _, definition in indexes:
                cursor.execute(definition)


def _skip_foreign_key_checks() -> None:
    """Generated rows reference rows made just before them: skip the per-row foreign-key
    triggers for this transaction (superuser only; otherwise they simply run)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('is_superuser') = 'on'")
        if cursor.fetchone()[0]:
            cursor.execute("SET LOCAL session_replication_role = replica")


def _reference(rng: random.Random) -> str:
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    return "".join(rng.choice(alphabet) for _ in range(10))


def _samples(target: Provider) -> dict:
    """Realistic search values taken from the generated data."""
    entries = PaymentEntry.objects.filter(provider=target, is_primary=True)
    middle = entries.order_by("-created_on")[entries.count() // 2 :][:1].get()
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


def _copy(model, objects: list) -> None:
    """COPY rows into the model's table (PostgreSQL), in its concrete columns."""
    fields = model._meta.concrete_fields
    if model is PaymentEntry:
        fields = [f for f in fields if f.name != "id"]
    columns = ", ".join(f'"{f.column}"' for f in fields)
    raw = connection.connection  # the psycopg connection under Django's wrapper
    statement = f'COPY "{model._meta.db_table}" ({columns}) FROM STDIN'
    with raw.cursor() as cursor, cursor.copy(statement) as copy:
        for obj in objects:
            copy.write_row([_value(f, obj) for f in fields])


def _value(field, obj):
    value = getattr(obj, field.attname)
    if field.get_internal_type() == "JSONField":
        return "[]" if not value else json.dumps(value)
    return value


def _page_query(captured) -> str:
    """The SQL of the list query the page ran (the one reading the entries with a LIMIT)."""
    return next(
        q["sql"]
        for q in captured.captured_queries
        if '"payments_paymententry"' in q["sql"] and "LIMIT" in q["sql"]
    )


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
