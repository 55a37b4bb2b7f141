"""The five send-limit dimensions: contract name, column name, kind and how staff type them.

Amount dimensions are stored as integer minor units of `settings.PLATFORM_CURRENCY`; the count
dimension as a plain integer. Everything that loops over dimensions loops over `DIMENSIONS`.
"""

from dataclasses import dataclass

from django.conf import settings

from common.money import MoneyError, amount_json, format_minor, get_currency, to_minor


@dataclass(frozen=True)
class Dimension:
    name: str  # contract name, e.g. "dailyAmount"
    field: str  # model column, e.g. "daily_amount"
    label: str
    is_amount: bool

    @property
    def flag(self) -> str:
        """Command-line flag, e.g. `--daily-amount`."""
        return "--" + self.field.replace("_", "-")


PER_TRANSACTION_AMOUNT = Dimension(
    "perTransactionAmount", "per_transaction_amount", "Per-transaction amount", True
)
DAILY_AMOUNT = Dimension("dailyAmount", "daily_amount", "Daily amount", True)
WEEKLY_AMOUNT = Dimension("weeklyAmount", "weekly_amount", "Weekly amount", True)
MONTHLY_AMOUNT = Dimension("monthlyAmount", "monthly_amount", "Monthly amount", True)
DAILY_SEND_COUNT = Dimension("dailySendCount", "daily_send_count", "Daily send count", False)

# Also the order in which a payout is checked, so the reported dimension is deterministic.
DIMENSIONS: tuple[Dimension, ...] = (
    PER_TRANSACTION_AMOUNT,
    DAILY_AMOUNT,
    WEEKLY_AMOUNT,
    MONTHLY_AMOUNT,
    DAILY_SEND_COUNT,
)
BY_NAME: dict[str, Dimension] = {d.name: d for d in DIMENSIONS}
NAMES: tuple[str, ...] = tuple(BY_NAME)
CHOICES = [(d.name, d.label) for d in DIMENSIONS]

# Far above any real ceiling and far below int64, so sums of usage cannot overflow.
MAX_STORED = 10**15


def platform_currency() -> str:
    return settings.PLATFORM_CURRENCY


def parse(dimension: Dimension, text: str) -> int:
    """A staff-typed ceiling: a decimal amount in the platform currency, or a whole count.

    Raises ValueError with a message fit to show next to the field."""
    text = str(text).strip()
    if dimension.is_amount:
        currency = get_currency(platform_currency())
        try:
            minor = to_minor(text, currency)
        except MoneyError as exc:
            raise ValueError(f"{dimension.name}: {exc}") from None
    else:
        if not text.isascii() or not text.isdigit():
            raise ValueError(f"{dimension.name}: must be a whole number")
        minor = int(text)
    if minor < 0:
        raise ValueError(f"{dimension.name}: must not be negative")
    if minor > MAX_STORED:
        raise ValueError(f"{dimension.name}: is too large")
    return minor


def display(dimension: Dimension, value: int | None) -> str:
    """A stored ceiling as staff read it: `2500.00 USD`, `20`, or `-` when unset."""
    if value is None:
        return "-"
    if dimension.is_amount:
        code = platform_currency()
        return f"{format_minor(value, get_currency(code))} {code}"
    return str(value)


def plain(dimension: Dimension, value: int | None) -> str:
    """A stored ceiling as an input field shows it (no currency code)."""
    if value is None:
        return ""
    if dimension.is_amount:
        return format_minor(value, get_currency(platform_currency()))
    return str(value)


def as_json(dimension: Dimension, value: int) -> dict | int:
    """The contract's rendering: an amount object, or an int64 count."""
    return amount_json(value, platform_currency()) if dimension.is_amount else value
