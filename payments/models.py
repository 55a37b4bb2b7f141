"""Payouts and requests ("payments"): their statuses, the payment row and the entries
through which providers read it. What happened to a payment (operations, funding attempts,
status history) is in `payments.history`, re-exported here.

Both kinds live in one table (`type` discriminates; `Payout` and `PaymentRequest` are proxies),
so the lists that mix them walk a single index. `PaymentEntry` is the read side: one row per
provider that can see a payment and per bound party, carrying copies of every filterable
column so each list query is one index range scan in (createdOn, paymentID) order.
"""

import secrets

from django.db import models
from django.db.models import Q
from django.utils import timezone

from participants.models import Enrollment, FundingSource
from providers.models import Provider

PAYOUT_PREFIX = "po"
REQUEST_PREFIX = "rq"
# Crockford base32 without I, L, O, U: nothing a caller can misread over the phone.
REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
REFERENCE_LENGTH = 10


def new_reference_number() -> str:
    return "".join(secrets.choice(REFERENCE_ALPHABET) for _ in range(REFERENCE_LENGTH))


def _party_link(to, related_name: str, *, optional: bool = False) -> models.ForeignKey:
    """A payment's link to one party's provider, enrollment or funding source: protected from
    deletion, without an index of its own; `optional` where it is bound later or may be
    absent."""
    blank = {"null": True, "blank": True} if optional else {}
    return models.ForeignKey(
        to, on_delete=models.PROTECT, related_name=related_name, db_index=False, **blank
    )


class PaymentType(models.TextChoices):
    PAYOUT = "payout"
    REQUEST = "request"


class PayoutStatus(models.TextChoices):
    INITIATED = "initiated"
    AUTHORIZED = "authorized"
    ACCEPTED = "accepted"
    CLAIMING = "claiming"
    COMPLETED = "completed"
    FAILED = "failed"
    PAYOUT_FAILED = "payout_failed"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    DENIED = "denied"


class RequestStatus(models.TextChoices):
    CREATED = "created"
    AUTHENTICATED = "authenticated"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"
    PAYING = "paying"
    FUNDED = "funded"
    DISBURSING = "disbursing"
    DISBURSEMENT_FAILED = "disbursement_failed"
    COMPLETED = "completed"
    REVERSING = "reversing"
    REVERSAL_FAILED = "reversal_failed"
    REVERSED = "reversed"
    DENIED = "denied"


STATUSES_BY_TYPE: dict[str, tuple[str, ...]] = {
    PaymentType.PAYOUT: tuple(PayoutStatus.values),
    PaymentType.REQUEST: tuple(RequestStatus.values),
}
ALL_STATUSES: tuple[str, ...] = tuple(dict.fromkeys([*PayoutStatus.values, *RequestStatus.values]))

# Payments the expiry sweep looks at: not yet claimed / paid, or paid and waiting.
EXPIRABLE_STATUSES = ("authorized", "accepted", "created", "authenticated", "funded")


class Payment(models.Model):
    """A payout (sender → phone-addressed recipient) or a request (payer → requester).

    The initiator (sender or requester) is bound at creation; the counterparty (recipient or
    payer) is addressed by phone and bound when it claims or pays. Names recorded here are
    what other providers see; a provider's own participant renders with its current name.
    """

    id = models.CharField(primary_key=True, max_length=40, editable=False)
    type = models.CharField(max_length=8, choices=PaymentType.choices)
    status = models.CharField(max_length=24)
    reference_number = models.CharField(max_length=16, unique=True)
    amount_minor = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    memo = models.CharField(max_length=255, blank=True, default="")

    created_on = models.DateTimeField(default=timezone.now, editable=False)
    updated_on = models.DateTimeField(default=timezone.now)
    expires_on = models.DateTimeField()
    claimed_on = models.DateTimeField(null=True, blank=True)
    funded_on = models.DateTimeField(null=True, blank=True)
    completed_on = models.DateTimeField(null=True, blank=True)

    # Reads go through PaymentEntry and the indexes below; no single-column FK indexes.
    initiator_provider = _party_link(Provider, "initiated_payments")
    initiator_enrollment = _party_link(Enrollment, "initiated_payments")
    initiator_participant_id = models.CharField(max_length=48)
    initiator_name = models.CharField(max_length=511, blank=True, default="")
    # The source a payout sends from, or the destination a request pays into.
    initiator_funding_source = _party_link(FundingSource, "+", optional=True)

    # The phone the payment was addressed to (E.164).
    counterparty_phone = models.CharField(max_length=20, blank=True, default="")
    counterparty_provider = _party_link(Provider, "counterparty_payments", optional=True)
    counterparty_enrollment = _party_link(Enrollment, "counterparty_payments", optional=True)
    counterparty_participant_id = models.CharField(max_length=48, blank=True, default="")
    counterparty_name = models.CharField(max_length=511, blank=True, default="")
    # The destination a payout credits, or the source a request collects from.
    counterparty_funding_source = _party_link(FundingSource, "+", optional=True)

    hold_active = models.BooleanField(default=False)
    hold_expires_on = models.DateTimeField(null=True, blank=True)
    review_ids = models.JSONField(default=list, blank=True)
    assessment_ids = models.JSONField(default=list, blank=True)
    fraud_score = models.FloatField(null=True, blank=True)

    # The provider ledger's hold on the sender's funding source (payouts).
    hold_reference = models.CharField(max_length=256, blank=True, default="")
    # Set when a payout was rejected in review before the ledger placed its hold: the payout
    # is cancelled (and the hold released) as soon as the authorize answer arrives.
    cancel_on_authorize = models.CharField(max_length=255, blank=True, default="")

    class Meta:
        indexes = [
            # Send-limit usage: a sender's payouts per window.
            models.Index(
                fields=["initiator_enrollment", "created_on"],
                condition=Q(type="payout"),
                name="payout_usage",
            ),
            # The expiry sweep and the sweep of funded requests waiting for their requester.
            models.Index(
                fields=["expires_on"],
                condition=Q(status__in=EXPIRABLE_STATUSES),
                name="payment_open_expiry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.type} {self.id} ({self.status})"

    @property
    def is_payout(self) -> bool:
        return self.type == PaymentType.PAYOUT

    @property
    def is_request(self) -> bool:
        return self.type == PaymentType.REQUEST

    def visible_to(self, provider_id: str) -> bool:
        return provider_id in (self.initiator_provider_id, self.counterparty_provider_id)

    def typed(self) -> "Payment":
        """The same row as its proxy class (Payout or PaymentRequest)."""
        self.__class__ = Payout if self.is_payout else PaymentRequest
        return self


class PayoutManager(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(type=PaymentType.PAYOUT)


class RequestManager(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(type=PaymentType.REQUEST)


class Payout(Payment):
    """A payment of type payout: the sender is the initiator, the recipient the counterparty."""

    objects = PayoutManager()

    class Meta:
        proxy = True

    @property
    def sender_participant_id(self) -> str:
        return self.initiator_participant_id

    @property
    def recipient_participant_id(self) -> str:
        return self.counterparty_participant_id

    @property
    def recipient_name(self) -> str:
        return self.counterparty_name

    @property
    def recipient_phone(self) -> str:
        return self.counterparty_phone


class PaymentRequest(Payment):
    """A payment of type request: the requester is the initiator, the payer the counterparty."""

    objects = RequestManager()

    class Meta:
        proxy = True
        verbose_name = "request"

    @property
    def requester_participant_id(self) -> str:
        return self.initiator_participant_id

    @property
    def payer_participant_id(self) -> str:
        return self.counterparty_participant_id


class PaymentEntry(models.Model):
    """One provider's view of a payment through one bound party.

    Every provider that can see a payment has one entry per bound party (its own participants
    and the other provider's), exactly one of them `is_primary` (the provider-wide list uses
    those). Filterable columns are copies kept in step by the services in one transaction.
    """

    class Role(models.TextChoices):
        INITIATOR = "initiator"
        COUNTERPARTY = "counterparty"

    class Direction(models.TextChoices):
        SENT = "sent"
        RECEIVED = "received"

    provider = models.ForeignKey(
        Provider, on_delete=models.PROTECT, related_name="+", db_index=False
    )
    # Indexed by the `payment_entry_party` constraint, which leads with it.
    payment = models.ForeignKey(
        Payment, on_delete=models.CASCADE, related_name="entries", db_index=False
    )
    participant_id = models.CharField(max_length=48)
    other_participant_id = models.CharField(max_length=48, blank=True, default="")
    role = models.CharField(max_length=16, choices=Role.choices)
    direction = models.CharField(max_length=8, choices=Direction.choices)
    is_primary = models.BooleanField()

    payment_type = models.CharField(max_length=8, choices=PaymentType.choices)
    status = models.CharField(max_length=24)
    on_hold = models.BooleanField(default=False)
    created_on = models.DateTimeField()
    reference_number = models.CharField(max_length=16)
    # Lower-cased memo and the party names this provider may see; digits of the addressed phone.
    search_text = models.TextField(blank=True, default="")
    search_digits = models.CharField(max_length=20, blank=True, default="")
    # The lower-cased memo alone, and the name of a named but unbound party (a recipient who
    # claimed without being a participant): how a provider-wide q walks in page order
    # (payments.search).
    search_memo = models.TextField(blank=True, default="")
    unbound_name = models.CharField(max_length=511, blank=True, default="")

    class Meta:
        verbose_name_plural = "payment entries"
        constraints = [
            models.UniqueConstraint(
                fields=["payment", "provider", "participant_id"], name="payment_entry_party"
            ),
            models.UniqueConstraint(
                fields=["provider", "payment"],
                condition=Q(is_primary=True),
                name="payment_entry_one_primary",
            ),
        ]
        # Plus, on PostgreSQL only, GIN indexes of primary entries: pg_trgm on search_memo and
        # search_digits, and the digits' seven-digit grams (migrations 0001 and 0005: SQLite
        # has no GIN, and rebuilds tables from state).
        indexes = [
            # Provider-wide list, newest first, and createdFrom / createdTo ranges.
            models.Index(
                fields=["provider", "-created_on", "-payment"],
                condition=Q(is_primary=True),
                name="payment_entry_page",
            ),
            # Participant-scoped list and the provider-wide participantID filter.
            models.Index(
                fields=["provider", "participant_id", "-created_on", "-payment"],
                name="payment_entry_party_page",
            ),
            models.Index(
                fields=["provider", "status", "-created_on", "-payment"],
                condition=Q(is_primary=True),
                name="payment_entry_status_page",
            ),
            models.Index(
                fields=["provider", "payment_type", "-created_on", "-payment"],
                condition=Q(is_primary=True),
                name="payment_entry_type_page",
            ),
            models.Index(
                fields=["provider", "-created_on", "-payment"],
                condition=Q(is_primary=True, on_hold=True),
                name="payment_entry_hold_page",
            ),
            models.Index(
                fields=["provider", "reference_number", "-created_on", "-payment"],
                condition=Q(is_primary=True),
                name="payment_entry_reference",
            ),
            # q with an exact participantID or externalID: the other party of the payment, in
            # page order (the viewer's own party is served by payment_entry_party_page).
            models.Index(
                fields=["provider", "other_participant_id", "-created_on", "-payment"],
                condition=Q(is_primary=True),
                name="payment_entry_other_party_page",
            ),
            # q naming an unbound party's name, in page order.
            models.Index(
                fields=["provider", "unbound_name", "-created_on", "-payment"],
                condition=Q(is_primary=True) & ~Q(unbound_name=""),
                name="payment_entry_unbound_name",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payment_id} seen by {self.provider_id} via {self.participant_id}"


class PartyName(models.Model):
    """A name a provider sees for a party of its payments: its own participant's name, the
    name recorded for another provider's participant, or an unbound party's (participant_id
    empty). A provider-wide q finds the parties whose names contain it here, a table that
    grows with the parties rather than the payments, then walks each party's entries in page
    order (payments.search). Rows are only added: a name once seen stays searchable."""

    provider = models.ForeignKey(
        Provider, on_delete=models.PROTECT, related_name="+", db_index=False
    )
    participant_id = models.CharField(max_length=48, blank=True, default="")
    name = models.CharField(max_length=511)  # lower-cased, as in search_text

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["provider", "name", "participant_id"], name="party_name_unique"
            ),
        ]
        # Plus, on PostgreSQL only, a pg_trgm GIN index on name (migration 0005).

    def __str__(self) -> str:
        return f"{self.name!r} of {self.participant_id or 'an unbound party'} @ {self.provider_id}"


# Defined in their own module, imported here as Django and the migrations expect (migration
# 0001 names payments.models._operation_id); after Payment, in the order they always had.
from payments.history import (  # noqa: E402, F401
    FundingAttempt,
    Operation,
    PaymentEvent,
    _operation_id,
)
