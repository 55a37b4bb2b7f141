"""The platform's starting limits: what a fresh database resolves before staff set any.

Amounts are in major units of PLATFORM_CURRENCY; staff change every value with
`set_platform_limits` or the admin (each change replaces `versions.platform`).
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
