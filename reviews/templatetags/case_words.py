"""Template filters for the analysts' pages: enum values in words (`payout_failed` → payout
failed), never the raw value."""

from django import template

from risk.case_file import words as _words

register = template.Library()


@register.filter
def words(value) -> str:
    return _words(value)
