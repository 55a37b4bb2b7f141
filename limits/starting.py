"""The platform's starting limits: what a fresh database resolves before staff set any.

Amounts are in major units of PLATFORM_CURRENCY; a data migration seeds the platform row with
them (`seed_platform`), and staff change every value with `set_platform_limits` or the admin
(each change replaces `versions.platform`).
"""

from decimal import Decimal

from common.money import get_currency
from limits import dimensions

# dimension: (platform default, platform maximum)
STARTING: dict[str, tuple[str, str]] = {
    "perTransactionAmount": ("1000", "10000"),
    "dailyAmount": ("2500", "25000"),
    "weeklyAmount": ("5000", "50000"),
    "monthlyAmount": ("10000", "100000"),
    "dailySendCount": ("20", "100"),
}


def starting_columns(currency_code: str) -> dict[str, int]:
    """PlatformLimits column values for the starting limits in this currency."""
    scale = 10 ** get_currency(currency_code).decimal_places
    columns = {}
    for name, (default, maximum) in STARTING.items():
        d = dimensions.BY_NAME[name]
        factor = scale if d.is_amount else 1
        columns[f"default_{d.field}"] = int(Decimal(default) * factor)
        columns[f"maximum_{d.field}"] = int(Decimal(maximum) * factor)
    return columns


def seed_platform(platform_model, currency_code: str, *, using: str = "default") -> None:
    """Create the platform row (pk 1, the only one the model allows) with the starting limits
    in this currency, unless it exists. The data migration calls this with its historical
    model; `limits.apps.platform_after_flush` calls it again after a flush empties the table."""
    platform_model.objects.using(using).get_or_create(
        pk=1, defaults={"currency": currency_code, **starting_columns(currency_code)}
    )
