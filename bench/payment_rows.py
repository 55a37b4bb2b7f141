"""The generated payments as plain rows, in the columns `bench_data` copies: one payment row
and its entries at a time, without model instances (ten million payments are generated in
minutes this way). The entries are those `payments.entries.entries_for` makes for the same
payment (a test holds the two together).
"""

import random
from bisect import bisect
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import accumulate

from common.search import digits
from payments.entries import SEARCH_SEPARATOR
from payments.models import REFERENCE_ALPHABET, REFERENCE_LENGTH

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
UNBOUND = frozenset(("initiated", "authorized", "accepted", "created", "denied"))
HELD = frozenset(("authorized", "funded"))
# Columns of payments_payment and payments_paymententry as the rows below fill them.
PAYMENT_COLUMNS = (
    "id", "type", "status", "reference_number", "amount_minor", "currency", "memo",
    "created_on", "updated_on", "expires_on", "claimed_on", "funded_on", "completed_on",
    "initiator_provider_id", "initiator_enrollment_id", "initiator_participant_id",
    "initiator_name", "initiator_funding_source_id", "counterparty_phone",
    "counterparty_provider_id", "counterparty_enrollment_id", "counterparty_participant_id",
    "counterparty_name", "counterparty_funding_source_id", "hold_active", "hold_expires_on",
    "review_ids", "assessment_ids", "fraud_score", "hold_reference", "cancel_on_authorize",
)  # fmt: skip
ENTRY_COLUMNS = (
    "provider_id", "payment_id", "participant_id", "other_participant_id", "role",
    "direction", "is_primary", "payment_type", "status", "on_hold", "created_on",
    "reference_number", "search_text", "search_digits", "search_memo", "unbound_name",
)  # fmt: skip
COUNTERPARTY_POOL = 500  # a bound counterparty is one of the first 500 participants
_ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
# Two characters per lookup: ten bits of a value at a time.
_PAIRS = tuple(a + b for a in _ULID_ALPHABET for b in _ULID_ALPHABET)
_REFERENCE_PAIRS = tuple(a + b for a in REFERENCE_ALPHABET for b in REFERENCE_ALPHABET)
FORTNIGHT, HOUR = timedelta(days=14), timedelta(hours=1)
_REFERENCE_BITS = 5 * REFERENCE_LENGTH
_MULTIPLIER = 0x2545F4914F6CDD1D % (1 << _REFERENCE_BITS) | 1  # odd: a bijection mod 2**bits


@dataclass(frozen=True)
class Person:
    """What a generated payment records of a participant at a provider."""

    provider_id: str
    enrollment_id: int
    participant_id: str
    name: str
    source_id: str


def _weights(statuses):
    return [s for s, _ in statuses], list(accumulate(w for _, w in statuses))


_PAYOUT = _weights(PAYOUT_STATUSES)
_REQUEST = _weights(REQUEST_STATUSES)


def reference(serial: int, salt: int) -> str:
    """A reference number unique for each serial under one salt (an odd multiplier and a xor
    are bijections on the reference's bits), spread over the alphabet like a random one."""
    v = ((serial * _MULTIPLIER) ^ salt) & ((1 << _REFERENCE_BITS) - 1)
    p = _REFERENCE_PAIRS
    return p[v >> 40] + p[v >> 30 & 1023] + p[v >> 20 & 1023] + p[v >> 10 & 1023] + p[v & 1023]


def ulid(moment: datetime, rng: random.Random) -> str:
    """A ULID for `moment` whose random part comes from `rng` (so a run is reproducible)."""
    v = (int(moment.timestamp() * 1000) << 80) | rng.getrandbits(80)
    p = _PAIRS
    return "".join(
        (
            *(p[v >> 120], p[v >> 110 & 1023], p[v >> 100 & 1023], p[v >> 90 & 1023]),
            *(p[v >> 80 & 1023], p[v >> 70 & 1023], p[v >> 60 & 1023], p[v >> 50 & 1023]),
            *(p[v >> 40 & 1023], p[v >> 30 & 1023], p[v >> 20 & 1023], p[v >> 10 & 1023]),
            p[v & 1023],
        )
    )  # 26 characters, the first from the top 3 bits


def payment_row(
    rng: random.Random,
    owner: str,
    people: dict[str, list[Person]],
    created_on: datetime,
    ref: str,
) -> tuple:
    """One generated payment initiated by a participant of `owner`, as PAYMENT_COLUMNS."""
    is_payout = rng.random() < 0.7
    names, cumulative = _PAYOUT if is_payout else _REQUEST
    status = names[bisect(cumulative, rng.random() * cumulative[-1])]
    mine = people[owner]
    # int(random() * n) rather than randrange(n): a third of the cost, as uniform here.
    initiator = mine[int(rng.random() * len(mine))]
    amount = 100 + int(rng.random() * 199_900)
    memo = MEMOS[int(rng.random() * len(MEMOS))] if rng.random() < 0.7 else ""
    phone = f"+1{200 + int(rng.random() * 799)}{int(rng.random() * 10**7):07d}"
    hold = status in HELD and rng.random() < 0.6
    counterparty = None
    name = ""
    bound = status not in UNBOUND
    roll = rng.random()
    if bound and roll < 0.75:
        # Half of the bound counterparties bank elsewhere (the payment is seen by both).
        if roll < 0.4:
            home = owner
        else:
            others = [p for p in people if p != owner]
            home = others[int(rng.random() * len(others))]
        pool = people[home]
        counterparty = pool[int(rng.random() * COUNTERPARTY_POOL)]
        if counterparty is initiator:
            counterparty = pool[COUNTERPARTY_POOL]
        name = counterparty.name
    elif bound and is_payout:
        given, family = (
            GIVEN[int(rng.random() * len(GIVEN))],
            FAMILY[int(rng.random() * len(FAMILY))],
        )
        name = f"{given} {family}"
    payment_id = f"{'po' if is_payout else 'rq'}_{ulid(created_on, rng)}"
    return (
        payment_id,
        "payout" if is_payout else "request",
        status,
        ref,
        amount,
        "USD",
        memo,
        created_on,
        created_on,
        created_on + FORTNIGHT,
        None,
        None,
        created_on + HOUR if status == "completed" else None,
        owner,
        initiator.enrollment_id,
        initiator.participant_id,
        initiator.name,
        initiator.source_id,
        phone,
        counterparty.provider_id if counterparty else None,
        counterparty.enrollment_id if counterparty else None,
        counterparty.participant_id if counterparty else "",
        name,
        counterparty.source_id if counterparty else None,
        hold,
        None,
        "[]",
        "[]",
        None,
        "",
        "",
    )


def entry_rows(row: tuple) -> list[tuple]:
    """The entries of a generated payment row, as ENTRY_COLUMNS: `entries_for` without model
    instances. Generated payments record each bound party's current name, so every viewer's
    search text is the same."""
    (payment_id, kind, status, ref, _, _, memo, created_on, *_) = row
    initiator_provider, _, initiator_participant, initiator_name = row[13:17]
    counterparty_provider, _, counterparty_participant, counterparty_name = row[19:23]
    hold = row[24]
    text = SEARCH_SEPARATOR.join(
        field.lower() for field in (memo, initiator_name, counterparty_name) if field
    )
    phone_digits = digits(row[18])
    unbound_name = "" if counterparty_participant else counterparty_name.lower()
    is_payout = kind == "payout"
    initiator_sends = "sent" if is_payout else "received"
    counterparty_sends = "received" if is_payout else "sent"
    viewers = [initiator_provider]
    if counterparty_provider and counterparty_provider != initiator_provider:
        viewers.append(counterparty_provider)
    rows = []
    for viewer in viewers:
        primary_is_initiator = viewer == initiator_provider
        common = (
            *(kind, status, hold, created_on, ref, text, phone_digits),
            *(memo.lower(), unbound_name),
        )
        rows.append(
            (
                *(viewer, payment_id, initiator_participant, counterparty_participant),
                *("initiator", initiator_sends, primary_is_initiator, *common),
            )
        )
        if counterparty_participant:
            rows.append(
                (
                    *(viewer, payment_id, counterparty_participant, initiator_participant),
                    *("counterparty", counterparty_sends, not primary_is_initiator, *common),
                )
            )
    return rows


def seen_names(row: tuple) -> list[tuple[str, str, str]]:
    """(viewer, participantID or "", lower-cased name) for each name a viewer of the generated
    payment sees (`payments.entries.party_names`; generated payments record current names)."""
    initiator_provider, _, initiator_participant, initiator_name = row[13:17]
    counterparty_provider, _, counterparty_participant, counterparty_name = row[19:23]
    viewers = {initiator_provider, counterparty_provider} - {None}
    parties = [(initiator_participant, initiator_name.lower())]
    if counterparty_name:
        parties.append((counterparty_participant, counterparty_name.lower()))
    return [(viewer, *party) for viewer in viewers for party in parties]
