"""The write scenarios of `bench_http`: each write kind measured between two runs of the
write floor (a bare view inserting the JSON body as one row in its own transaction), so each
kind's cost is read against the floor as the machine ran just before and just after it. With
two checkouts served (`bench_http --compare-to`), the two take turns kind by kind, each against
floors of its own server.

Every write sends a new X-Idempotency-Key. The items a kind acts on (participants to
suspend with their current versionID, the suspended ones to reactivate, senders of payouts)
are written to a file `bench/wrk/write.lua` reads; a warm-up takes its items from another part
of the pool than the measured run, so neither meets the state the other left.
"""

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.db.models import Count, Max
from django.utils import timezone

from bench import loadtest
from common.money import format_minor, get_currency
from events.models import WebhookEndpoint
from participants.models import Enrollment
from payments.models import Payment
from risk.models import RiskRule

WRK = Path(__file__).resolve().parent / "wrk"
SUSPENDED_PREFIX = "hold-"
# The pool of participants the suspension and reactivation kinds change, one per request: half
# active, half suspended. Each half outlasts a kind's run at 1,000 requests a second (10 s and
# the warm-up); a smaller half was used up at 600 a second, and the requests past it were
# refused as already in that state, which cost less than a change and read as faster.
POOL = 30_000
SECOND_HALF = f"{SUSPENDED_PREFIX}{POOL // 2:05d}"
WARM_ITEMS = 400
HOOK_URL = "https://93.184.215.14/hooks/"
WARM_SECONDS = 2
# The kinds that change the suspension pool: each side's run starts from the pool as reset.
RESETS = ("POST suspension", "POST reactivation")

PARTICIPANT_BODY = (
    '{"externalID":"$KEY","givenName":"Bench","familyName":"Load",'
    '"address":{"addressLine1":"1 Main St","city":"Springfield","stateOrProvince":"IL",'
    '"postalCode":"62701","country":"US"},'
    '"phones":[{"countryCode":"1","number":"4155550123"}]}'
)


@dataclass(frozen=True)
class WriteKind:
    name: str
    path: str  # under the server's base; "$KEY" and "$1".. filled per request (write.lua)
    body: str
    items: Callable[[], list[str]] | None = None  # read just before the kind runs
    cleanup: Callable[[], object] | None = None  # after it: leave no state for later kinds


def kinds(provider_id: str) -> list[WriteKind]:
    p = f"/providers/{provider_id}"
    return [
        WriteKind("POST participant create", f"{p}/participants", PARTICIPANT_BODY),
        WriteKind(
            "POST suspension",
            f"{p}/participants/$1/suspensions",
            '{"reasonCode":"other","note":"bench","expectedVersionID":"$2"}',
            lambda: _relationships(provider_id, suspended=False),
        ),
        WriteKind(
            "POST reactivation",
            f"{p}/participants/$1/reactivations",
            '{"note":"bench","expectedVersionID":"$2"}',
            lambda: _relationships(provider_id, suspended=True),
        ),
        WriteKind(
            "POST participant-review open",
            f"{p}/participant-reviews",
            '{"participantID":"$1","reason":"bench"}',
            lambda: _senders(provider_id),
        ),
        WriteKind(
            "POST webhook endpoint",
            f"{p}/webhook-endpoints",
            # A literal public address: registration resolves a host name (to refuse private
            # targets), and this machine's resolver is not what is measured.
            f'{{"url":"{HOOK_URL}$KEY","eventTypes":["participant.activated"]}}',
            cleanup=lambda: _remove_endpoints(provider_id),
        ),
        WriteKind(
            "POST payout (service)",
            f"/bench/payouts/{provider_id}",
            '{"sender":"$1","recipientPhone":"+14155550123","amount":100}',
            lambda: _senders(provider_id),
        ),
        # The same payout through the API (serializers, scopes, idempotency, the rendering of
        # its answer): its distance from the kind above is what the HTTP operation adds.
        WriteKind(
            "POST payout (API)",
            f"{p}/payouts",
            '{"participantID":"$1","recipient":{"phoneNumber":"+14155550123"},'
            f'"amount":{{"value":"{_service_kind_amount()}",'
            f'"currency":{{"code":"{settings.PLATFORM_CURRENCY}"}}}}}}',
            lambda: _senders(provider_id),
        ),
    ]


def _service_kind_amount() -> str:
    """100 minor units of the platform currency as the API writes an amount (the service
    kind's amount)."""
    return format_minor(100, get_currency(settings.PLATFORM_CURRENCY))


def prepare_floor_table() -> None:
    with connection.cursor() as cursor:
        cursor.execute(loadtest.WRITE_FLOOR_DDL)


def reset_relationships(provider_id: str) -> None:
    """The suspension pool's first half active and its second half suspended, whatever an
    earlier run left: the suspension kind suspends the first, the reactivation kind
    reactivates the second (neither waits on the other's requests)."""
    pool = Enrollment.objects.filter(
        provider_id=provider_id, external_id__startswith=SUSPENDED_PREFIX
    )
    pool.filter(external_id__lt=SECOND_HALF).update(
        suspended=False, suspended_on=None, suspension_reason_code="", suspension_note=""
    )
    pool.filter(external_id__gte=SECOND_HALF).update(
        suspended=True,
        suspended_on=timezone.now(),
        suspension_reason_code="other",
        suspension_note="bench",
    )


def _remove_endpoints(provider_id: str) -> None:
    """The endpoints the benchmark registered: every later event would read them."""
    WebhookEndpoint.objects.filter(provider_id=provider_id, url__startswith=HOOK_URL).delete()


def _relationships(provider_id: str, *, suspended: bool) -> list[str]:
    half = {"external_id__gte" if suspended else "external_id__lt": SECOND_HALF}
    rows = (
        Enrollment.objects.filter(
            provider_id=provider_id,
            external_id__startswith=SUSPENDED_PREFIX,
            suspended=suspended,
            **half,
        )
        .order_by("external_id")
        .values_list("external_id", "relationship_version_id")
    )
    return [f"{external_id} {version}" for external_id, version in rows]


def _senders(provider_id: str) -> list[str]:
    """The senders, those with the fewest payments in the risk rules' velocity window first:
    a sender with many recent payouts (an earlier run's, a profile's) is sent to review by
    the rules, a longer path than the one measured, and the side that ran second would meet
    more of them."""
    recent = dict(
        Payment.objects.filter(
            initiator_provider_id=provider_id,
            created_on__gte=timezone.now() - _velocity_window(),
        )
        .order_by()
        .values("initiator_enrollment_id")
        .annotate(n=Count("pk"))
        .values_list("initiator_enrollment_id", "n")
    )
    rows = Enrollment.objects.filter(
        provider_id=provider_id, suspended=False, external_id__startswith="cust-"
    ).values_list("pk", "external_id")
    return [
        external_id for _, external_id in sorted(rows, key=lambda r: (recent.get(r[0], 0), r[1]))
    ]


def _velocity_window() -> timedelta:
    """The longest window of the enabled rules that count a sender's payments."""
    longest = RiskRule.objects.filter(
        enabled=True, condition=RiskRule.Condition.PAYMENTS_IN_WINDOW
    ).aggregate(minutes=Max("window_minutes"))["minutes"]
    return timedelta(minutes=longest or 0)


def _items_file(lines: list[str]) -> str:
    path = Path(tempfile.mkstemp(prefix="bench-items-", suffix=".txt")[1])
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def run(servers: dict[str, str], provider_id: str, auth: str, *, connections: int, seconds: int,
        log, tag: str) -> dict[str, list[dict]]:  # fmt: skip
    """Each kind on each side (`servers`: label → base URL, served at once), each run between
    two runs of its side's write floor; rows per side with each kind's cost against the mean
    of the floor runs either side of it.

    The sides take turns kind by kind, in turn first (before, after; then after, before), so
    neither meets only the machine's later minutes; a side's floor is measured again whenever
    the other side ran since its last one."""
    prepare_floor_table()
    _remove_endpoints(provider_id)

    def measure(label: str, name: str, path: str, env: dict, *, warm_env: dict | None = None):
        base = servers[label]
        env = {"BENCH_AUTH": auth, **env}
        warm = {
            **env,
            **(warm_env or {}),
            "BENCH_PREFIX": f"warm-{env.get('BENCH_PREFIX', 'floor')}",
        }
        url = base + path
        script = WRK / "write.lua"
        loadtest.run_wrk(name, url, script=script, connections=2, seconds=WARM_SECONDS, env=warm)
        result = loadtest.run_wrk(
            name, url, script=script, connections=connections, seconds=seconds, env=env,
            server=base,
        )  # fmt: skip
        log(f"    {result.requests_per_second:.1f} req/s, {result.cpu_ms} ms CPU/request, "
            f"{result.non_2xx} non-2xx")  # fmt: skip
        if not result.requests_per_second:
            raise RuntimeError(f"{label} {name}: no request answered")
        return result

    floors: dict[str, list] = {label: [] for label in servers}
    last_side = None  # the side of the latest floor run

    def floor(label: str):
        nonlocal last_side
        log(f"  [{label}] write floor ...")
        body = {"BENCH_PATH": "/bench/write-floor", "BENCH_BODY": PARTICIPANT_BODY}
        floors[label].append(measure(label, "write floor (between)", "/bench/write-floor", body))
        last_side = label
        return floors[label][-1]

    rows: dict[str, list[dict]] = {label: [] for label in servers}
    for n, kind in enumerate(kinds(provider_id)):
        sides = list(servers) if n % 2 == 0 else list(reversed(servers))
        for label in sides:
            # The floor just measured on this side, else a new one.
            before = floors[label][-1] if last_side == label else floor(label)
            if kind.name in RESETS:
                reset_relationships(provider_id)
            log(f"  [{label}] {kind.name} ...")
            # A key prefix of the kind's own: the same key on another path would be a 409.
            env = {"BENCH_PATH": kind.path, "BENCH_BODY": kind.body,
                   "BENCH_PREFIX": f"{tag}-{label}-{n}"}  # fmt: skip
            warm_env = {}
            if kind.items is not None:
                lines = kind.items()
                warm_env["BENCH_ITEMS"] = _items_file(lines[:WARM_ITEMS])
                env["BENCH_ITEMS"] = _items_file(lines[WARM_ITEMS:] or lines)
            try:
                # wrk takes the host from the URL; write.lua makes each request's path.
                result = measure(label, kind.name, "/", env, warm_env=warm_env)
            finally:
                for items in (warm_env.get("BENCH_ITEMS"), env.get("BENCH_ITEMS")):
                    if items:
                        Path(items).unlink(missing_ok=True)
            if kind.cleanup is not None:
                kind.cleanup()
            rows[label].append(_row(result, before, floor(label)))
    for label, runs in floors.items():
        first = replace(runs[0], name="write floor (first)")
        final = replace(runs[-1], name="write floor (last)")
        rows[label] = [_row(first, first), *rows[label], _row(final, final)]
    return rows


def _row(result, *floors) -> dict:
    """The request's numbers, with its cost against the mean of the floor runs either side of
    it: in throughput (floor req/s ÷ its req/s) and in CPU per request."""
    floor_rps = sum(f.requests_per_second for f in floors) / len(floors)
    row = {
        "request": result.name,
        "req_per_s": round(result.requests_per_second, 1),
        "p50_ms": round(result.p50_ms, 2),
        "p99_ms": round(result.p99_ms, 2),
        "non_2xx": result.non_2xx,
        "cost_vs_floor": round(floor_rps / result.requests_per_second, 2),
    }
    if result.cpu_ms is not None and all(f.cpu_ms for f in floors):
        floor_cpu = sum(f.cpu_ms for f in floors) / len(floors)
        row["cpu_ms"] = result.cpu_ms
        row["cpu_vs_floor"] = round(result.cpu_ms / floor_cpu, 2)
    return row
