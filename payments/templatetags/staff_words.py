"""Template filters for the staff pages: enum values in words (`payout_failed` → payout
failed, `very_high` → very high), never the raw value."""

from django import template

from common.words import words as _words

register = template.Library()


@register.filter
def words(value) -> str:
    return _words(value)
