"""Send-limit enforcement for payout creation.

Windows are calendar periods in UTC, start inclusive: the day from 00:00 UTC, the ISO week
from Monday 00:00 UTC, the month from 00:00 UTC on the 1st. Payments sums what the participant
already sent through the provider in each window (`SendUsage`) and calls `check_send_limits`
under its row lock on the sender's enrollment, so the check and the new payout are atomic.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.utils import timezone

from common.errors import InvalidRequest, NotFound
from common.money import format_minor, get_currency
from limits import dimensions, selectors
from limits.errors import SendLimitExceeded
from limits.resolution import ResolvedLimit
from participants.models import Enrollment


@dataclass(frozen=True)
class UsageWindows:  # all UTC, start inclusive
    day_start: datetime  # 00:00 UTC of the calendar day of `at`
    week_start: datetime  # Monday 00:00 UTC of the ISO week of `at`
    month_start: datetime  # 00:00 UTC on the 1st of the month of `at`


def usage_windows(at: datetime) -> UsageWindows:
    if at.tzinfo is None or at.utcoffset() is None:
        raise ValueError("usage_windows needs an aware datetime")
    day_start = at.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return UsageWindows(
        day_start=day_start,
        week_start=day_start - timedelta(days=day_start.weekday()),
        month_start=day_start.replace(day=1),
    )


@dataclass(frozen=True)
class SendUsage:  # what the participant already sent through this provider
    daily_amount_minor: int  # in each window, excluding the payout being checked
    weekly_amount_minor: int
    monthly_amount_minor: int
    daily_count: int


def _exceeded(limit: ResolvedLimit, *, used: int, adding: int, currency: str) -> SendLimitExceeded:
    dimension = dimensions.BY_NAME[limit.dimension]
    if dimension.is_amount:
        cur = get_currency(currency)

        def show(minor: int) -> str:
            return f"{format_minor(minor, cur)} {currency}"

        if dimension is dimensions.PER_TRANSACTION_AMOUNT:
            what = f"the amount {show(adding)}"
        else:
            what = f"{show(used)} already sent plus {show(adding)}"
        ceiling = show(limit.ceiling)
    else:
        what = f"{used} payouts already sent today plus this one"
        ceiling = str(limit.ceiling)
    return SendLimitExceeded(
        f"{limit.dimension} ceiling {ceiling} (source {limit.source}) would be exceeded: {what}.",
        dimension=limit.dimension,
        ceiling=limit.ceiling,
        source=limit.source,
    )


def check_send_limits(
    *,
    participant_id: str,
    provider_id: str,
    amount_minor: int,
    currency: str,
    usage: SendUsage,
    at: datetime | None = None,
    enrollment: Enrollment | None = None,
) -> None:
    """Raise SendLimitExceeded when a payout of `amount_minor` would exceed a ceiling: when
    usage + amount > ceiling (count: usage + 1 > ceiling). Dimensions are checked in contract
    order (perTransactionAmount, daily, weekly, monthly, dailySendCount); the first one
    exceeded is reported. `at` (default now) decides which overrides are still in force;
    `enrollment`, when the caller holds it already (locked), saves reading it again."""
    if currency != settings.PLATFORM_CURRENCY:
        raise InvalidRequest(
            f"Send limits are in {settings.PLATFORM_CURRENCY}; cannot check {currency}."
        )
    if amount_minor <= 0:
        raise InvalidRequest("The amount must be positive.")
    if enrollment is None or (enrollment.provider_id, enrollment.participant_id) != (
        provider_id,
        participant_id,
    ):
        enrollment = Enrollment.objects.filter(
            provider_id=provider_id, participant_id=participant_id
        ).first()
    if enrollment is None:
        raise NotFound("No participant matches within this provider.")
    resolved = selectors.resolve_for(
        provider_id=provider_id, enrollment=enrollment, at=at or timezone.now()
    )
    checks = (
        (dimensions.PER_TRANSACTION_AMOUNT, 0, amount_minor),
        (dimensions.DAILY_AMOUNT, usage.daily_amount_minor, amount_minor),
        (dimensions.WEEKLY_AMOUNT, usage.weekly_amount_minor, amount_minor),
        (dimensions.MONTHLY_AMOUNT, usage.monthly_amount_minor, amount_minor),
        (dimensions.DAILY_SEND_COUNT, usage.daily_count, 1),
    )
    for dimension, used, adding in checks:
        limit = resolved.get(dimension.name)
        if limit is not None and used + adding > limit.ceiling:
            raise _exceeded(limit, used=used, adding=adding, currency=currency)
