"""Every list filter and combination against a brute-force oracle over generated data.

The oracle restates the contract's rules over plain Python objects (no shared code with the
selectors): visibility, participant scope, q, type, status, onHold, the date range, paymentID,
referenceNumber, participantID, and the (createdOn, paymentID) newest-first order. The API is
walked page by page with random page sizes and must return exactly the oracle's sequence.
"""

import random
import re
from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments import search
from payments.models import ALL_STATUSES, PayoutStatus, RequestStatus
from tests.payments.factories import enroll, make_payment

pytestmark = pytest.mark.django_db

NAMES = [
    ("Alice", "Nguyen"),
    ("Bob", "Okafor"),
    ("Carmen", "Diaz"),
    ("Dmitri", "Ivanov"),
    ("Alicia", "Moreno"),
    ("Fatima", "Rahman"),
    ("Grace", "Hopper"),
]
MEMOS = ["", "Dinner at Nopa", "Rent for June", "concert tickets", "Alice's birthday", "Tacos"]
SPECIAL_EXTERNAL_IDS = {2: "dinner", 4: "5550101"}
PHONES = ["+14155550101", "+14155550199", "+442079460123", "+14155559876", "+16505550101"]


@dataclass
class World:
    providers: list  # ProviderContext
    enrollments: list
    payments: list


def _build(provider, other_provider, third_provider) -> World:
    rng = random.Random(20260701)
    contexts = [provider, other_provider, third_provider]
    enrollments = []
    for index, (given_name, family) in enumerate(NAMES):
        ctx = contexts[index % 3]
        enrollments.append(
            enroll(
                ctx.provider,
                given=given_name,
                family=family,
                # "dinner" is also a memo word; "5550101" is also the digits of a phone.
                external_id=SPECIAL_EXTERNAL_IDS.get(index, f"{given_name.lower()}-ext"),
            )
        )
    base = timezone.now() - timedelta(days=3)
    payments = []
    for _ in range(48):
        payment_type = rng.choice(["payout", "request"])
        statuses = PayoutStatus.values if payment_type == "payout" else RequestStatus.values
        initiator = rng.choice(enrollments)
        counterparty = rng.choice([None, None, *[e for e in enrollments if e != initiator]])
        recorded = ""
        if counterparty is not None and rng.random() < 0.4:
            # The name the counterparty gave at claim differs from its current name.
            recorded = f"{counterparty.given_name[:3]}. {counterparty.family_name}"
        elif counterparty is None and payment_type == "payout" and rng.random() < 0.3:
            recorded = "Sam Claimant"  # an unbound recipient who named itself at claim
        hold = rng.random() < 0.25
        payments.append(
            make_payment(
                initiator,
                type=payment_type,
                status=rng.choice(statuses),
                memo=rng.choice(MEMOS),
                phone=rng.choice(PHONES),
                counterparty=counterparty,
                counterparty_name=recorded,
                hold=hold,
                hold_expires_on=base + timedelta(days=9) if hold and rng.random() < 0.5 else None,
                # Several payments share a timestamp: the paymentID breaks the tie.
                created_on=base + timedelta(minutes=rng.randrange(0, 30) * 7),
            )
        )
    return World(providers=contexts, enrollments=enrollments, payments=payments)


# ---- the oracle ------------------------------------------------------------------------


def _digits(value: str) -> str:
    return re.sub(r"[^0-9]", "", value)


def _visible(payment, viewer: str) -> bool:
    return viewer in (payment.initiator_provider_id, payment.counterparty_provider_id)


def _parties(payment):
    """(participantID, provider, current name, recorded name) per party."""
    result = [
        (
            payment.initiator_participant_id,
            payment.initiator_enrollment.provider_id,
            payment.initiator_enrollment.full_name,
            payment.initiator_name,
        )
    ]
    enrollment = payment.counterparty_enrollment
    result.append(
        (
            payment.counterparty_participant_id,
            enrollment.provider_id if enrollment else None,
            enrollment.full_name if enrollment else "",
            payment.counterparty_name,
        )
    )
    return result


def _q_matches(payment, viewer: str, q: str, world: World) -> bool:
    text = q.strip().lower()
    names = [
        current if provider == viewer else recorded
        for _, provider, current, recorded in _parties(payment)
    ]
    if any(text in field.lower() for field in [payment.memo, *names] if field):
        return True
    bound = {pid for pid, *_ in _parties(payment) if pid}
    text = q.strip()
    phone_like = re.fullmatch(r"[0-9 +().\-]+", text)
    if phone_like and _digits(text) in _digits(payment.counterparty_phone):
        return True
    if text.endswith("_user") and text in bound:
        return True
    # The provider's exact externalID, whatever it looks like (digits only included).
    return any(
        enrollment.provider_id == viewer
        and enrollment.external_id == text
        and enrollment.participant_id in bound
        for enrollment in world.enrollments
    )


def oracle(world: World, viewer: str, params: dict, scoped: str | None) -> list[tuple]:
    rows = []
    for payment in world.payments:
        if not _visible(payment, viewer):
            continue
        bound = [pid for pid, *_ in _parties(payment) if pid]
        if scoped and scoped not in bound:
            continue
        if params.get("participantID") and params["participantID"] not in bound:
            continue
        if params.get("type") and payment.type != params["type"]:
            continue
        if params.get("status") and payment.status not in params["status"]:
            continue
        if "onHold" in params and payment.hold_active != (params["onHold"] == "true"):
            continue
        if params.get("createdFrom") and payment.created_on < params["_from"]:
            continue
        if params.get("createdTo") and payment.created_on >= params["_to"]:
            continue
        if params.get("paymentID") and payment.id != params["paymentID"]:
            continue
        if (
            params.get("referenceNumber")
            and payment.reference_number != params["referenceNumber"].upper()
        ):
            continue
        if (
            params.get("q")
            and params["q"].strip()
            and not _q_matches(payment, viewer, params["q"], world)
        ):
            continue
        direction = None
        if scoped:
            sends = (payment.type == "payout") == (payment.initiator_participant_id == scoped)
            direction = "sent" if sends else "received"
        rows.append((payment.created_on, payment.id, direction))
    rows.sort(key=lambda row: (row[0], row[1]), reverse=True)
    return [(payment_id, direction) for _, payment_id, direction in rows]


# ---- the walk --------------------------------------------------------------------------


def walk(ctx, path: str, params: dict, rng: random.Random) -> list[tuple]:
    query = {k: v for k, v in params.items() if not k.startswith("_")}
    seen, cursor = [], None
    for _ in range(100):
        page_query = {**query, "limit": rng.randint(1, 7)}
        if cursor:
            page_query["cursor"] = cursor
        response = ctx.client.get(path, page_query)
        assert response.status_code == 200, response.content
        body = response.json()
        seen += [(row["paymentID"], row.get("direction")) for row in body["payments"]]
        assert ("nextCursor" in body) == body["hasMore"]
        if not body["hasMore"]:
            return seen
        cursor = body["nextCursor"]
    raise AssertionError("pagination did not end")


def _q_values(world: World) -> list[str]:
    values = ["ali", "NGUYEN", "  okafor ", "Dmi", "Mor", "sam claimant", "rent", "o", "nopa"]
    # Current names and names recorded at claim differ: each side sees only its own.
    values += ["dmitri", "alicia", "dmi.", "ali.", "bob o", "car.", "fat.", "grace hopper"]
    values += ["555", "(415) 555-01", "0199", "44 20", "+1 650", "dinner", "Tacos"]
    values += [e.participant_id for e in world.enrollments[:4]]
    values += [e.external_id for e in world.enrollments]
    values += ["nobody", "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user"]
    # No trigram: found by their one- and two-character grams (payments.search).
    values += ["zq", "!!", "'s", "ta", "E", " a ", "'", "!?"]
    return values


def test_lists_match_the_oracle(provider, other_provider, third_provider):
    world = _build(provider, other_provider, third_provider)
    times = sorted({p.created_on for p in world.payments})
    refs = [p.reference_number for p in world.payments]

    @st.composite
    def queries(draw):
        ctx = draw(st.sampled_from(world.providers))
        own = [e for e in world.enrollments if e.provider_id == ctx.id]
        scoped = draw(st.one_of(st.none(), st.sampled_from(own)))
        params: dict = {}
        if draw(st.booleans()):
            params["q"] = draw(st.sampled_from(_q_values(world)))
        if draw(st.integers(0, 3)) == 0:
            params["type"] = draw(st.sampled_from(["payout", "request"]))
        if draw(st.booleans()):
            params["status"] = draw(
                st.lists(st.sampled_from(ALL_STATUSES), min_size=1, max_size=3, unique=True)
            )
        if draw(st.integers(0, 2)) == 0:
            params["onHold"] = draw(st.sampled_from(["true", "false"]))
        if draw(st.integers(0, 2)) == 0:
            start = draw(st.sampled_from(times))
            params["createdFrom"], params["_from"] = start.isoformat(), start
        if draw(st.integers(0, 2)) == 0:
            end = draw(st.sampled_from(times))
            if "_from" not in params or end > params["_from"]:
                params["createdTo"], params["_to"] = end.isoformat(), end
        if draw(st.integers(0, 5)) == 0:
            params["paymentID"] = draw(st.sampled_from(world.payments)).id
        if draw(st.integers(0, 5)) == 0:
            ref = draw(st.sampled_from(refs))
            params["referenceNumber"] = ref.lower() if draw(st.booleans()) else ref
        if scoped is None and draw(st.integers(0, 2)) == 0:
            params["participantID"] = draw(st.sampled_from(world.enrollments)).participant_id
        return ctx, scoped, params, draw(st.randoms(use_true_random=False))

    @settings(
        max_examples=120,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(queries())
    def check(query):
        ctx, scoped, params, rng = query
        if scoped is None:
            path = ctx.url("/payments")
            expected = oracle(world, ctx.id, params, None)
            got = [(payment_id, None) for payment_id, _ in walk(ctx, path, params, rng)]
        else:
            path = ctx.url(f"/participants/{scoped.external_id}/payments")
            expected = oracle(world, ctx.id, params, scoped.participant_id)
            got = walk(ctx, path, params, rng)
        assert got == expected, params

    check()


# A provider-wide q finds the parties named first (payments.search); past the most it takes, it
# tests every entry's text instead. A q with no trigram walks the page index when the newest
# memos often match, else finds its memos by their grams, or, past the most of those it takes,
# walks after all. Every way gives the oracle's rows.
NEVER = 10**9


@pytest.mark.parametrize(
    ("most_parties", "dense_matches", "most_short_matches"),
    [
        (search.MAX_NAMED_PARTIES, search.DENSE_MATCHES, search.RARE_SHORT_MATCHES),
        (1, search.DENSE_MATCHES, search.RARE_SHORT_MATCHES),
        (0, search.DENSE_MATCHES, search.RARE_SHORT_MATCHES),
        (search.MAX_NAMED_PARTIES, NEVER, search.RARE_SHORT_MATCHES),  # always by the grams
        (search.MAX_NAMED_PARTIES, NEVER, 0),  # by the grams, then the walk
    ],
)
def test_every_q_value_in_every_scope_matches_the_oracle(
    provider,
    other_provider,
    third_provider,
    monkeypatch,
    most_parties,
    dense_matches,
    most_short_matches,
):
    monkeypatch.setattr(search, "MAX_NAMED_PARTIES", most_parties)
    monkeypatch.setattr(search, "DENSE_MATCHES", dense_matches)
    monkeypatch.setattr(search, "RARE_SHORT_MATCHES", most_short_matches)
    world = _build(provider, other_provider, third_provider)
    for ctx in world.providers:
        scopes = [None, *[e for e in world.enrollments if e.provider_id == ctx.id]]
        for q in [*_q_values(world), *(e.participant_id for e in world.enrollments)]:
            for scoped in scopes:
                params = {"q": q, "limit": 100}
                if scoped is None:
                    body = ctx.client.get(ctx.url("/payments"), params).json()
                    got = [(row["paymentID"], None) for row in body["payments"]]
                    expected = oracle(world, ctx.id, params, None)
                else:
                    path = ctx.url(f"/participants/{scoped.participant_id}/payments")
                    body = ctx.client.get(path, params).json()
                    got = [(row["paymentID"], row["direction"]) for row in body["payments"]]
                    expected = oracle(world, ctx.id, params, scoped.participant_id)
                assert got == expected, (ctx.id, scoped, q)


def test_the_generated_world_exercises_every_filter(provider, other_provider, third_provider):
    """Guards the oracle test against a degenerate dataset."""
    world = _build(provider, other_provider, third_provider)
    payments = world.payments
    assert {p.type for p in payments} == {"payout", "request"}
    assert any(p.hold_active for p in payments) and not all(p.hold_active for p in payments)
    assert any(p.counterparty_provider_id not in (None, p.initiator_provider_id) for p in payments)
    assert any(not p.counterparty_participant_id for p in payments)
    assert len({p.created_on for p in payments}) < len(payments)  # ties exist
    assert any(
        p.counterparty_name
        and p.counterparty_enrollment
        and p.counterparty_name != p.counterparty_enrollment.full_name
        for p in payments
    )
    for ctx in world.providers:
        assert oracle(world, ctx.id, {}, None), "every provider sees some payments"
        assert len(oracle(world, ctx.id, {}, None)) < len(payments)
