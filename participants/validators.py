"""Validation rules for participant input, built on maintained libraries."""

import re

import phonenumbers
import pycountry

ASCII_DIGITS = re.compile(r"^[0-9]+\Z")
# Every ISO 3166-1 alpha-2 code, and every assigned ITU calling code as written (no leading
# zero): what the schema lists as the values `is_country` and `phone_problem` accept.
COUNTRY_CODES = sorted(country.alpha_2 for country in pycountry.countries)
CALLING_CODES = sorted((str(code) for code in phonenumbers.COUNTRY_CODE_TO_REGION_CODE), key=int)
_CALLING_CODES = frozenset(CALLING_CODES)


def is_country(code: str) -> bool:
    return len(code) == 2 and code.isupper() and pycountry.countries.get(alpha_2=code) is not None


def phone_problem(country_code: str, number: str) -> tuple[str, str] | None:
    """(field, message) when the phone is not a possible number, else None."""
    if not ASCII_DIGITS.match(country_code) or len(country_code) > 3:
        return "countryCode", "must be an ITU calling code of 1 to 3 ASCII digits, without a plus"
    if country_code not in _CALLING_CODES:  # "01" is not a calling code, though int() reads 1
        return "countryCode", "is not an assigned ITU calling code"
    if not ASCII_DIGITS.match(number) or len(number) > 17:
        return "number", "must be the national significant number in ASCII digits"
    try:
        parsed = _parse(country_code, number)
    except phonenumbers.NumberParseException:
        return "number", "is not a possible number for this calling code"
    if not phonenumbers.is_possible_number(parsed):
        return "number", "is not a possible number for this calling code"
    return None


def _parse(country_code: str, number: str) -> phonenumbers.PhoneNumber:
    # Parsing the international form keeps leading zeros (Italy) that an int would drop.
    return phonenumbers.parse(f"+{country_code}{number}")


def e164(country_code: str, number: str) -> str:
    return phonenumbers.format_number(
        _parse(country_code, number), phonenumbers.PhoneNumberFormat.E164
    )
