"""The parties of a review and their links, as an analyst reads them beside the decision: the
participant's recent payments in and out (every status), the devices and sign-ins the
assessments observed, their other assessments and earlier reviews, and for a payout the
recipient's senders in the window with how long each had been enrolled.

Reads only. Every function makes a fixed number of queries whatever the number of rows it
returns (rows are capped at `ROWS`; the related data of all rows is read in one query per
kind), so the page's cost does not grow with a busy participant.
"""

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Count, Max, Min, Q
from django.urls import reverse

from common.money import amount_json
from payments.models import Payment, PaymentEntry
from payments.selectors import visible_payments
from reviews.models import ParticipantReview, PaymentReview
from risk.models import DeviceObservation, RiskAssessment

ROWS = 20  # rows per table; the page says when there are more
WINDOW = timedelta(days=30)  # "in the window": the recipient's senders, shared signals


def money(payment: Payment) -> str:
    return f"{amount_json(payment.amount_minor, payment.currency)['value']} {payment.currency}"


def duration_words(delta: timedelta) -> str:
    """A short, exact-enough duration: "under a minute", "4 minutes", "3 hours", "12 days"."""
    seconds = max(int(delta.total_seconds()), 0)
    if seconds < 60:
        return "under a minute"
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            count = seconds // size
            return f"{count} {unit}{'' if count == 1 else 's'}"
    return "under a minute"  # pragma: no cover - every positive value matched above


def _capped(queryset) -> tuple[list, bool]:
    """The first `ROWS` rows, and whether there are more (one query)."""
    rows = list(queryset[: ROWS + 1])
    return rows[:ROWS], len(rows) > ROWS


def payment_url(payment_id: str) -> str:
    return reverse("admin:payments_payment_change", args=[payment_id])


def review_url(kind: str, review_id: str) -> str:
    name = "participantreview" if kind == "participant" else "paymentreview"
    return reverse(f"admin:reviews_{name}_change", args=[review_id])


@dataclass
class ReviewLink:
    kind: str  # participant | payment
    review_id: str
    status: str
    url: str


def open_reviews_of(participant_ids) -> dict[str, list[ReviewLink]]:
    """{participantID: its pending reviews (participant reviews, and payment reviews of the
    payouts it sent)}, at any provider: two queries for any number of participants."""
    ids = sorted(set(participant_ids) - {""})
    found: dict[str, list[ReviewLink]] = {pid: [] for pid in ids}
    if not ids:
        return found
    pending = ParticipantReview.Status.PENDING
    for pid, review_id in ParticipantReview.objects.filter(
        participant_id__in=ids, status=pending
    ).values_list("participant_id", "pk"):
        found[pid].append(
            ReviewLink("participant", review_id, pending, review_url("participant", review_id))
        )
    for pid, review_id in PaymentReview.objects.filter(
        payment__initiator_participant_id__in=ids, status=PaymentReview.Status.PENDING
    ).values_list("payment__initiator_participant_id", "pk"):
        found[pid].append(
            ReviewLink("payment", review_id, "pending", review_url("payment", review_id))
        )
    return found


def _reviews_of_payments(payment_ids) -> dict[str, list[ReviewLink]]:
    found: dict[str, list[ReviewLink]] = {}
    rows = PaymentReview.objects.filter(payment_id__in=list(payment_ids)).order_by("created_on")
    for payment_id, review_id, status in rows.values_list("payment_id", "pk", "status"):
        found.setdefault(payment_id, []).append(
            ReviewLink("payment", review_id, status, review_url("payment", review_id))
        )
    return found


# ---- the participant's payments ----------------------------------------------------------


@dataclass
class PaymentRow:
    payment: Payment
    direction: str  # "sent" | "received"
    other_party: str
    amount: str
    url: str
    reviews: list[ReviewLink] = field(default_factory=list)


def payments_of(
    *, provider_id: str, participant_id: str, excluding_id: str = ""
) -> tuple[list[PaymentRow], bool]:
    """The participant's latest payments this provider sees, in and out, whatever became of
    them (denied, failed, cancelled ones too), with their reviews; and whether there are
    more than shown. Two queries."""
    entries, more = _capped(
        PaymentEntry.objects.filter(provider_id=provider_id, participant_id=participant_id)
        .exclude(payment_id=excluding_id)
        .select_related("payment")
        .order_by("-created_on", "-payment_id")
    )
    reviews = _reviews_of_payments(entry.payment_id for entry in entries)
    rows = []
    for entry in entries:
        payment = entry.payment
        initiated = entry.role == PaymentEntry.Role.INITIATOR
        sent = initiated == payment.is_payout  # a request's payer sends too
        if initiated:
            other = payment.counterparty_name or payment.counterparty_phone or "—"
            if payment.counterparty_name and payment.counterparty_phone:
                other = f"{payment.counterparty_name} ({payment.counterparty_phone})"
        else:
            other = payment.initiator_name or payment.initiator_participant_id
        rows.append(
            PaymentRow(
                payment=payment,
                direction="sent" if sent else "received",
                other_party=other,
                amount=money(payment),
                url=payment_url(payment.pk),
                reviews=reviews.get(payment.pk, []),
            )
        )
    return rows, more


# ---- devices, sign-ins and assessments ---------------------------------------------------


def devices_of_participant(participant_id: str) -> list[dict]:
    """Each device the participant's assessments observed (its identifier, type, model, OS and
    version), with when it was first and last seen and how often: one grouped query."""
    return list(
        DeviceObservation.objects.filter(assessment__participant_id=participant_id)
        .values("device_id", "device_type", "model", "os", "os_version")
        .annotate(
            first_seen=Min("observed_on"),
            last_seen=Max("observed_on"),
            times=Count("id"),
            last_city=Max("city"),
        )
        .order_by("-last_seen")[:ROWS]
    )


def sign_ins_of(participant_id: str) -> list[RiskAssessment]:
    """The participant's latest sign-ins (at any provider) with the devices they observed:
    two queries."""
    return list(
        RiskAssessment.objects.filter(
            participant_id=participant_id, event=RiskAssessment.Event.SIGN_IN
        )
        .select_related("provider")
        .prefetch_related("device_observations")
        .order_by("-assessed_on", "-id")[:ROWS]
    )


def assessments_of(participant_id: str, *, excluding=()) -> list[RiskAssessment]:
    """The participant's other assessments, newest first: one query."""
    return list(
        RiskAssessment.objects.filter(participant_id=participant_id)
        .exclude(pk__in=list(excluding))
        .select_related("provider")
        .order_by("-assessed_on", "-id")[:ROWS]
    )


def earlier_reviews_of(
    *, provider_id: str, participant_id: str, excluding_id: str = ""
) -> list[dict]:
    """The participant's other reviews at the provider (participant reviews, and payment
    reviews of payouts it sent), newest first: two queries."""
    rows = []
    for review in (
        ParticipantReview.objects.filter(provider_id=provider_id, participant_id=participant_id)
        .exclude(pk=excluding_id)
        .order_by("-created_on")[:ROWS]
    ):
        status = review.status
        if status == ParticipantReview.Status.RESOLVED:
            status = f"resolved: {review.get_resolution_action_display().lower()}"
        rows.append(
            {
                "review": review,
                "kind": "participant",
                "status": status,
                "url": review_url("participant", review.pk),
            }
        )
    for review in (
        PaymentReview.objects.filter(
            provider_id=provider_id, payment__initiator_participant_id=participant_id
        )
        .exclude(pk=excluding_id)
        .order_by("-created_on")[:ROWS]
    ):
        rows.append(
            {
                "review": review,
                "kind": "payment",
                "status": review.status,
                "url": review_url("payment", review.pk),
            }
        )
    rows.sort(key=lambda row: row["review"].created_on, reverse=True)
    return rows[:ROWS]


# ---- the recipient of a payout -----------------------------------------------------------


@dataclass
class SenderRow:
    payment: Payment
    sender: str
    sender_participant_id: str
    enrolled_before: str  # how long the sender had been enrolled when it sent
    amount: str
    url: str
    is_this: bool
    open_reviews: list[ReviewLink] = field(default_factory=list)


def recipient_senders(payout: Payment, *, now: datetime) -> tuple[list[SenderRow], bool]:
    """Every payment this provider sees to the payout's recipient (by phone and, when bound,
    by participant) created in the window, this payout included, newest first; each with its
    sender's enrollment age at the time and the sender's own open reviews. Three queries."""
    to_recipient = Q()
    if payout.counterparty_phone:
        to_recipient |= Q(counterparty_phone=payout.counterparty_phone)
    if payout.counterparty_participant_id:
        to_recipient |= Q(counterparty_participant_id=payout.counterparty_participant_id)
    if not to_recipient:
        return [], False
    since = min(payout.created_on, now) - WINDOW
    payments, more = _capped(
        visible_payments(payout.initiator_provider_id)
        .filter(to_recipient, created_on__gte=since)
        .select_related("initiator_enrollment")
        .order_by("-created_on", "-id")
    )
    reviews = open_reviews_of(p.initiator_participant_id for p in payments)
    rows = []
    for payment in payments:
        enrollment = payment.initiator_enrollment
        rows.append(
            SenderRow(
                payment=payment,
                sender=enrollment.full_name,
                sender_participant_id=payment.initiator_participant_id,
                enrolled_before=duration_words(payment.created_on - enrollment.created_on),
                amount=money(payment),
                url=payment_url(payment.pk),
                is_this=payment.pk == payout.pk,
                open_reviews=reviews.get(payment.initiator_participant_id, []),
            )
        )
    return rows, more
