"""Reads of payments, always starting from the calling provider.

A provider sees a payment when one of its participants is a bound party; anything else is
missing (NotFound), exactly as a payment that does not exist.
"""

from dataclasses import dataclass
from datetime import datetime
from functools import reduce
from operator import or_

from django.conf import settings
from django.db.models import Count, Prefetch, Q, QuerySet, Sum

from common.branches import Branches
from common.errors import NotFound
from common.search import SearchTerm
from common.statements import CompiledRead
from limits import enforcement
from participants.models import Enrollment
from participants.selectors import enrollments_for, find_enrollment
from payments import search, usage_sql
from payments.models import (
    FundingAttempt,
    Operation,
    Payment,
    PaymentEntry,
    PaymentType,
    Payout,
    PayoutStatus,
)

_PAYMENT_RELATIONS = (
    "initiator_enrollment",
    "counterparty_enrollment",
    "initiator_funding_source",
    "counterparty_funding_source",
)


@dataclass(frozen=True)
class PaymentFilters:
    q: SearchTerm | None = None
    types: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    on_hold: bool | None = None
    created_from: datetime | None = None
    created_to: datetime | None = None
    payment_id: str = ""
    reference_number: str = ""
    participant_id: str = ""  # provider-wide list only

    def binding(self) -> dict:
        """What a cursor is bound to (normalised, so equivalent queries share cursors)."""
        return {
            "q": self.q.text if self.q else None,
            "types": sorted(self.types),
            "statuses": sorted(self.statuses),
            "onHold": self.on_hold,
            "createdFrom": self.created_from.isoformat() if self.created_from else None,
            "createdTo": self.created_to.isoformat() if self.created_to else None,
            "paymentID": self.payment_id,
            "referenceNumber": self.reference_number,
            "participantID": self.participant_id,
        }


def _named_participants(provider_id: str, term: SearchTerm) -> set[str]:
    """The participants q names exactly: a participantID, or the provider's externalID
    (whatever it looks like: the payment lists put no condition on it; the review list's rule
    is narrower, see common.search)."""
    by_external_id = (
        enrollments_for(provider_id)
        .filter(external_id=term.raw)
        .values_list("participant_id", flat=True)
        .first()
    )
    return {term.participant_id, by_external_id} - {"", None}


def _one_or_many(field: str, values: tuple[str, ...]) -> Q:
    return Q(**{field: values[0]}) if len(values) == 1 else Q(**{f"{field}__in": values})


def list_entries(
    provider_id: str, filters: PaymentFilters, *, participant_id: str | None = None
) -> QuerySet[PaymentEntry] | Branches:
    """The entries a list renders, before pagination. Participant-scoped (path participant,
    or the provider-wide participantID filter) uses that participant's entries, one per
    payment; otherwise the provider's primary entries, one per payment. A provider-wide q
    that names a participant gives branches, one per way of matching (common.branches)."""
    party = participant_id or filters.participant_id
    scope = Q(participant_id=party) if party else Q(is_primary=True)
    queryset = PaymentEntry.objects.filter(scope, provider_id=provider_id)
    if filters.types:
        queryset = queryset.filter(_one_or_many("payment_type", filters.types))
    if filters.statuses:
        queryset = queryset.filter(_one_or_many("status", filters.statuses))
    if filters.on_hold is not None:
        queryset = queryset.filter(on_hold=filters.on_hold)
    if filters.created_from:
        queryset = queryset.filter(created_on__gte=filters.created_from)
    if filters.created_to:
        queryset = queryset.filter(created_on__lt=filters.created_to)
    if filters.payment_id:
        queryset = queryset.filter(payment_id=filters.payment_id)
    if filters.reference_number:
        queryset = queryset.filter(reference_number=filters.reference_number)
    # One table and no joins: the plan stays a single index scan and is cheap to make.
    queryset = queryset.only("payment_id", "created_on", "role", "direction")
    if filters.q:
        named = _named_participants(provider_id, filters.q)
        if not party and Branches.supported(queryset):
            # Each way walks its own index in page order (payments.search). A participant's
            # list walks its own index whatever q is: there one OR is best.
            ways = search.provider_wide_ways(provider_id, filters.q, named, using=queryset.db)
            return Branches(queryset, tuple(ways))
        queryset = queryset.filter(reduce(or_, search.scoped_ways(filters.q, named)))
    return queryset


def visible_payments(provider_id: str) -> QuerySet[Payment]:
    return Payment.objects.filter(
        Q(initiator_provider_id=provider_id) | Q(counterparty_provider_id=provider_id)
    )


def with_detail(queryset: QuerySet[Payment]) -> QuerySet[Payment]:
    return queryset.select_related(*_PAYMENT_RELATIONS).prefetch_related(
        Prefetch("operations", queryset=Operation.objects.order_by("created_on", "id")),
        Prefetch(
            "funding_attempts",
            queryset=FundingAttempt.objects.filter(status=FundingAttempt.Status.APPROVED).order_by(
                "created_on", "id"
            ),
            to_attr="approved_funding_attempts",
        ),
    )


def get_payment_for_provider(provider_id: str, payment_id: str):
    """The payout or request (as its proxy class), or NotFound when the provider does not
    see it."""
    payment = with_detail(visible_payments(provider_id)).filter(pk=payment_id).first()
    if payment is None:
        raise NotFound("No payment with that ID exists for this provider.")
    return payment.typed()


def get_typed_for_provider(provider_id: str, payment_id: str, payment_type: str):
    payment = (
        with_detail(visible_payments(provider_id)).filter(pk=payment_id, type=payment_type).first()
    )
    if payment is None:
        raise _not_found(payment_type)
    return payment.typed()


def _not_found(payment_type: str) -> NotFound:
    noun = "payout" if payment_type == PaymentType.PAYOUT else "request"
    return NotFound(f"No {noun} with that ID exists for this provider.")


def check_initiated_by(provider_id: str, payment_id: str, payment_type: str) -> None:
    """NotFound, as for a missing one, unless the provider's participant initiated the payment:
    cancelling is the initiator's."""
    if not Payment.objects.filter(
        pk=payment_id, type=payment_type, initiator_provider_id=provider_id
    ).exists():
        raise _not_found(payment_type)


def check_addressed_to(
    provider_id: str, payment_id: str, payment_type: str, participant_ref: str | None
) -> None:
    """NotFound, as for a missing one, unless the provider may act for the named participant
    as the payment's other party (recipient of a payout, payer of a request): it sees the
    payment already, or the payment is unbound and addressed to one of that participant's
    active phones at the provider (nobody named: not addressed)."""
    payment = (
        Payment.objects.filter(pk=payment_id, type=payment_type)
        .only("initiator_provider_id", "counterparty_provider_id", "counterparty_phone")
        .first()
    )
    if payment is None:
        raise _not_found(payment_type)
    if provider_id in (payment.initiator_provider_id, payment.counterparty_provider_id):
        return
    if participant_ref and payment.counterparty_provider_id is None and payment.counterparty_phone:
        enrollment = find_enrollment(provider_id, participant_ref)
        if (
            enrollment is not None
            and enrollment.phones.filter(
                e164=payment.counterparty_phone, disabled_on__isnull=True
            ).exists()
        ):
            return
    raise _not_found(payment_type)


def payments_on_hold_for(*, provider_id: str, participant_id: str) -> list[Payment]:
    """The participant's payments this provider sees that a risk hold blocks, newest first."""
    entries = (
        PaymentEntry.objects.filter(
            provider_id=provider_id, participant_id=participant_id, on_hold=True
        )
        .select_related("payment")
        .order_by("-created_on", "-payment_id")
    )
    return [entry.payment.typed() for entry in entries]


# ---- reads the risk engine makes (interfaces: payments) ---------------------------------


def _initiated_by(provider_id: str, participant_id: str) -> QuerySet[PaymentEntry]:
    """The payments the participant initiated through the provider (its initiator entries,
    served by the participant's list index)."""
    return PaymentEntry.objects.filter(
        provider_id=provider_id,
        participant_id=participant_id,
        role=PaymentEntry.Role.INITIATOR,
    )


# Every payout's screening counts the sender's recent payments and asks whether it paid this
# phone before: compiled once.
_INITIATED_SINCE = CompiledRead(
    lambda provider_id, participant_id, since, until: _initiated_by(
        provider_id, participant_id
    ).filter(created_on__gte=since, created_on__lte=until),
    str,
    str,
    datetime,
    datetime,
)
_ADDRESSED = CompiledRead(
    lambda provider_id, participant_id, phone, excluding: (
        _initiated_by(provider_id, participant_id)
        .filter(payment__counterparty_phone=phone)
        .exclude(payment_id=excluding)
    ),
    str,
    str,
    str,
    str,
)


def initiated_count(*, provider_id: str, participant_id: str, since, until) -> int:
    """How many payments (payouts and requests, whatever became of them) the participant
    initiated through the provider from `since` up to and including `until`."""
    return _INITIATED_SINCE.count(provider_id, participant_id, since, until)


def addressed_before(
    *, provider_id: str, participant_id: str, phone: str, excluding_payment_id: str
) -> bool:
    """Whether the participant initiated another payment through the provider addressed to
    this phone (E.164)."""
    return _ADDRESSED.exists(provider_id, participant_id, phone, excluding_payment_id)


# A sender's payouts that hold or moved money count toward send limits.
USAGE_STATUSES = (
    PayoutStatus.INITIATED,
    PayoutStatus.AUTHORIZED,
    PayoutStatus.ACCEPTED,
    PayoutStatus.CLAIMING,
    PayoutStatus.COMPLETED,
)


def send_usage(enrollment: Enrollment, at: datetime) -> enforcement.SendUsage:
    """What the participant already sent through this provider in each limit window (the
    payout service reads it under the sender's row lock)."""
    windows = enforcement.usage_windows(at)
    start = min(windows.day_start, windows.week_start, windows.month_start)
    read = usage_sql.usage if usage_sql.applies() else _usage_by_orm
    daily, weekly, monthly, count = read(
        enrollment_id=enrollment.pk,
        currency=settings.PLATFORM_CURRENCY,
        statuses=USAGE_STATUSES,
        windows=windows,
        start=start,
        at=at,
    )
    return enforcement.SendUsage(
        daily_amount_minor=daily,
        weekly_amount_minor=weekly,
        monthly_amount_minor=monthly,
        daily_count=count,
    )


def _usage_by_orm(*, enrollment_id: int, currency: str, statuses, windows, start, at) -> tuple:
    """`usage_sql.usage` by the ORM (SQLite)."""
    day = Q(created_on__gte=windows.day_start)
    totals = Payout.objects.filter(
        initiator_enrollment_id=enrollment_id,
        currency=currency,
        status__in=statuses,
        created_on__gte=start,
        created_on__lte=at,
    ).aggregate(
        daily=Sum("amount_minor", filter=day),
        weekly=Sum("amount_minor", filter=Q(created_on__gte=windows.week_start)),
        monthly=Sum("amount_minor", filter=Q(created_on__gte=windows.month_start)),
        count=Count("id", filter=day),
    )
    return tuple(totals[name] or 0 for name in ("daily", "weekly", "monthly", "count"))
