"""Benchmark of the participant and funding-source lists: first page vs deep pages.

Generates N enrollments for one provider among several (bulk inserts), then times the
list endpoint's query path in-process and prints p50/p95 with the plan's top node.
"""

import random
import time
from datetime import timedelta

from django.db import connection, transaction
from django.http import QueryDict
from django.utils import timezone

from api.pagination import paginate
from bench.measure import BenchCommand, measure, plan_top_node
from participants import selectors
from participants.models import Enrollment, FundingSource, Participant
from participants.rendering import render_participant
from providers.models import Provider

BATCH = 5000


class Command(BenchCommand):
    help = "Time participant list pages at depth (prints p50/p95 and plan top nodes)."

    def add_arguments(self, parser):
        parser.add_argument("--rows", type=int, default=100_000)
        parser.add_argument("--providers", type=int, default=4)
        parser.add_argument("--repeat", type=int, default=30)
        parser.add_argument("--depth", type=int, default=200, help="page number for deep page")

    def handle(self, *args, **options):
        started = time.perf_counter()
        target = self._load(options["rows"], options["providers"])
        load_seconds = time.perf_counter() - started
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE participants_enrollment")
                cursor.execute("ANALYZE participants_fundingsource")
        results = self._scenarios(target, options["repeat"], options["depth"])
        data = {
            "database": connection.vendor,
            "rows": options["rows"],
            "loadSeconds": round(load_seconds, 1),
            "scenarios": results,
        }
        lines = [
            f"{connection.vendor}: {options['rows']} participants for the measured provider "
            f"(loaded in {load_seconds:.1f} s)",
            f"{'scenario':<34} {'p50 ms':>8} {'p95 ms':>8}  plan top node",
        ]
        lines += [
            f"{r['scenario']:<34} {r['p50']:>8.2f} {r['p95']:>8.2f}  {r['plan']}" for r in results
        ]
        self.emit(options, data, "\n".join(lines))

    def _load(self, rows: int, providers: int) -> Provider:
        name = f"bench-participants-{rows}"
        target = Provider.objects.filter(name=name).first()
        if target and Enrollment.objects.filter(provider=target).count() >= rows:
            return target
        others = [Provider.objects.create(name=f"{name}-other-{n}") for n in range(providers - 1)]
        target = target or Provider.objects.create(name=name)
        now = timezone.now()
        rng = random.Random(7)
        everyone = [target, *others]
        for start in range(0, rows * len(everyone), BATCH):
            with transaction.atomic():
                participants = [Participant(status="active") for _ in range(BATCH)]
                Participant.objects.bulk_create(participants, batch_size=BATCH)
                enrollments = [
                    Enrollment(
                        provider=everyone[(start + i) % len(everyone)],
                        participant=p,
                        external_id=f"bench-{start + i}",
                        given_name=rng.choice(["Ada", "Grace", "Alan", "Edsger", "Barbara"]),
                        family_name=rng.choice(["Lovelace", "Hopper", "Turing", "Liskov"]),
                        address_line1="1 Main St",
                        city="Springfield",
                        state_or_province="IL",
                        postal_code="62701",
                        country="US",
                        created_on=now - timedelta(seconds=start + i),
                    )
                    for i, p in enumerate(participants)
                ]
                Enrollment.objects.bulk_create(enrollments, batch_size=BATCH)
                FundingSource.objects.bulk_create(
                    [
                        FundingSource(
                            enrollment=e,
                            provider_source_id=f"src-{e.external_id}",
                            display_name="Checking",
                            funding_type="bank_account",
                            created_on=e.created_on,
                        )
                        for e in enrollments
                    ],
                    batch_size=BATCH,
                )
        return target

    def _page(self, target: Provider, cursor: str | None, limit: int = 25):
        params = QueryDict(mutable=True)
        params["limit"] = str(limit)
        if cursor:
            params["cursor"] = cursor
        page = paginate(
            selectors.page_source(target.id),
            query_params=params,
            provider_id=target.id,
            scope=f"/providers/{target.id}/participants",
            id_field="participant_id",
        )
        [render_participant(e) for e in selectors.page_with_profile(page.items)]  # as the view
        return page

    def _scenarios(self, target: Provider, repeat: int, depth: int) -> list[dict]:
        cursor = None
        for _ in range(depth - 1):
            cursor = self._page(target, cursor, limit=100).next_cursor
        first = measure(lambda: self._page(target, None), repeat=repeat)
        deep = measure(lambda: self._page(target, cursor), repeat=repeat)
        base = selectors.enrollments_for(target.id).order_by("-created_on", "-participant_id")
        last = self._page(target, cursor)
        deep_qs = base.filter(created_on__lt=last.items[-1].created_on) if last.items else base
        return [
            {"scenario": "participants first page", **first, "plan": plan_top_node(base[:26])},
            {
                "scenario": f"participants page ~{depth * 4} (cursor)",
                **deep,
                "plan": plan_top_node(deep_qs[:26]),
            },
        ]
