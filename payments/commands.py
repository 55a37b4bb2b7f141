"""Shared pieces of the payments staff commands."""

from django.conf import settings
from django.core.management.base import CommandError

from common.actors import Actor
from common.money import MoneyError, get_currency, to_minor

STAFF = Actor.system()


def add_amount_arguments(parser) -> None:
    parser.add_argument("--amount", required=True, help="decimal, e.g. 12.34")
    parser.add_argument("--currency", default=None, help="ISO 4217 (default: platform currency)")
    parser.add_argument("--memo", default="")


def amount_minor(options) -> tuple[int, str]:
    code = (options["currency"] or settings.PLATFORM_CURRENCY).upper()
    try:
        return to_minor(options["amount"], get_currency(code)), code
    except MoneyError as exc:
        raise CommandError(f"--amount / --currency: {exc}") from None


def payment_output(payment) -> tuple[dict, str]:
    """What every payment command prints: the payment's ID and status (and reference)."""
    key = "payoutID" if payment.is_payout else "requestID"
    data = {key: payment.id, "status": payment.status, "referenceNumber": payment.reference_number}
    human = f"{payment.type} {payment.id} ({payment.reference_number}): {payment.status}"
    return data, human
