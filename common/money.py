"""Money as integer minor units plus an ISO 4217 code; never a float."""

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache

import moneyed


class MoneyError(ValueError):
    pass


@dataclass(frozen=True)
class Currency:
    code: str
    decimal_places: int
    numeric_code: str | None
    name: str | None

    def as_json(self) -> dict:
        data: dict = {"code": self.code, "decimalPlaces": self.decimal_places}
        if self.numeric_code:
            data["numericCode"] = self.numeric_code
        if self.name:
            data["name"] = self.name
        return data


def get_currency(code: str) -> Currency:
    if not isinstance(code, str) or len(code) != 3 or not code.isascii() or not code.isupper():
        raise MoneyError("must be an uppercase 3-letter ISO 4217 code")
    return _currency(code)


@cache
def _currency(code: str) -> Currency:
    # ISO 4217 data does not change while the process runs: every amount of a list page
    # reads the same few currencies (a failed lookup raises and is not kept).
    try:
        cur = moneyed.get_currency(code)
    except moneyed.CurrencyDoesNotExist as exc:
        raise MoneyError(f"{code} is not an ISO 4217 currency") from exc
    if cur.sub_unit in (None, 0):
        raise MoneyError(f"{code} has no minor unit")
    places = len(str(cur.sub_unit)) - 1  # sub_unit is a power of ten
    numeric = str(cur.numeric).zfill(3) if cur.numeric else None
    return Currency(code=cur.code, decimal_places=places, numeric_code=numeric, name=cur.name)


def to_minor(value: str | Decimal, currency: Currency) -> int:
    """Parse a decimal string; more digits than the currency allows is an error, not a rounding."""
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError) as exc:
        raise MoneyError("must be a decimal string") from exc
    if not amount.is_finite():
        raise MoneyError("must be a decimal string")
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and -exponent > currency.decimal_places:
        raise MoneyError(f"{currency.code} allows at most {currency.decimal_places} decimal places")
    return int(amount.scaleb(currency.decimal_places))


def format_minor(minor: int, currency: Currency) -> str:
    places = currency.decimal_places
    return f"{Decimal(minor).scaleb(-places):.{places}f}"


def amount_json(minor: int, currency_code: str) -> dict:
    currency = get_currency(currency_code)
    return {"value": format_minor(minor, currency), "currency": currency.as_json()}
