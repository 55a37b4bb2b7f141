"""Input and party checks a new payment passes before anything is recorded: the phone, amount
and memo as given, whether the participant may take part, and which funding source it uses.

`locked_enrollment` locks a party's enrollment: creating a payout or a request takes the
initiator's first (it serialises one sender's payments), paying a request takes the payer's
after the request's.
"""

import phonenumbers
from django.conf import settings

from common.errors import InvalidRequest, NotFound
from common.locking import CompiledLock
from common.money import MoneyError, get_currency
from common.statements import CompiledRead
from participants.models import Enrollment, FundingSource, Participant
from participants.selectors import PARTICIPANT_ID_PREFIX, enrollments_for
from payments.errors import ParticipantNotActive, ParticipantSuspended
from payments.models import Payment


def normalize_phone(value: str) -> str:
    """An E.164 number as given (`+` and digits), validated with libphonenumber."""
    try:
        parsed = phonenumbers.parse(value, None)
    except phonenumbers.NumberParseException:
        raise InvalidRequest("The phone number must be E.164, e.g. +14155550123.") from None
    formatted = phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)
    if formatted != value or not phonenumbers.is_possible_number(parsed):
        raise InvalidRequest("The phone number must be E.164, e.g. +14155550123.")
    return formatted


def check_amount(amount_minor: int, currency: str) -> None:
    """Positive, in a real currency, and in the platform currency
    (docs/decisions/send-limit-enforcement.md)."""
    try:
        get_currency(currency)
    except MoneyError as exc:
        raise InvalidRequest(f"currency {exc}.") from None
    if currency != settings.PLATFORM_CURRENCY:
        raise InvalidRequest(
            f"Payments are made in {settings.PLATFORM_CURRENCY}; {currency} is not supported."
        )
    if amount_minor <= 0:
        raise InvalidRequest("The amount must be greater than zero.")


def check_memo(memo: str) -> str:
    memo = (memo or "").strip()
    if len(memo) > Payment._meta.get_field("memo").max_length:
        raise InvalidRequest("The memo must be at most 255 characters.")
    return memo


def check_can_initiate(enrollment: Enrollment) -> None:
    """A suspended relationship cannot send payouts or create requests; nor can a
    participant that is not active."""
    if enrollment.suspended:
        raise ParticipantSuspended(
            "The provider has suspended this participant; it cannot send or request money."
        )
    check_active(enrollment)


def check_active(enrollment: Enrollment) -> None:
    """Only an active participant takes part in a payment (a suspension is checked apart:
    it stops sending, not signing in)."""
    if enrollment.participant.status != Participant.Status.ACTIVE:
        raise ParticipantNotActive(
            f"The participant is {enrollment.participant.status}; only active participants "
            "can send or request money."
        )


# Found and locked by one statement, compiled once per way of naming the participant.
_LOCKED_BY = {
    field: CompiledLock(
        lambda provider_id, ref, field=field: enrollments_for(provider_id).filter(**{field: ref}),
        str,
        str,
    )
    for field in ("participant_id", "external_id")
}

_DEFAULT_SOURCE = CompiledRead(
    lambda enrollment_id: FundingSource.objects.filter(
        enrollment_id=enrollment_id, disabled_on__isnull=True
    ).order_by("-created_on", "-id")[:1],
    int,
)


def locked_enrollment(provider_id: str, participant_ref: str) -> Enrollment:
    """The participant's enrollment at the provider (participantID or externalID), locked;
    NotFound when the provider has no such participant."""
    # A participantID starts with `usr_`, as the path's.
    field = "participant_id" if participant_ref.startswith(PARTICIPANT_ID_PREFIX) else "external_id"
    return _LOCKED_BY[field].lock_or_404(
        provider_id, participant_ref, detail="No participant matches within this provider."
    )


def default_source(enrollment: Enrollment) -> FundingSource | None:
    return _DEFAULT_SOURCE.first(enrollment.pk)


def funding_source(enrollment: Enrollment, funding_source_id: str | None) -> FundingSource:
    """The named active source, or the participant's default when none is named."""
    if funding_source_id:
        source = FundingSource.objects.filter(
            enrollment=enrollment, pk=funding_source_id, disabled_on__isnull=True
        ).first()
        if source is None:
            raise NotFound("No active funding source with that ID belongs to the participant.")
        return source
    source = default_source(enrollment)
    if source is None:
        raise InvalidRequest("The participant has no active funding source.")
    return source
