"""Waiting for the workers while seeding.

Without a broker (`make run`) a payment's ledger calls run when its transaction commits, so
the service returns it moved on already. With workers (`make up-prod`) a call is published on
commit and a worker makes it later: before a payment's next step the seed polls the database
until every ledger call made for it has been answered and the payment has left the statuses
that wait for one, within a bound, rather than assuming either mode."""

import time

from celery import current_app
from django.core.management.base import CommandError

from ledger.models import LedgerCall
from payments.models import Payment, PayoutStatus

# Polling at once at first, then less often: an eager run never waits, and a worker's ledger
# call over loopback takes tens of milliseconds.
_FIRST_PAUSE_SECONDS = 0.02
_LONGEST_PAUSE_SECONDS = 0.5
# A payout waiting for its authorize or its capture. (A call is marked replied once its
# outcome is handed on, which may be to another task still to run.)
_AWAITING_LEDGER = {PayoutStatus.INITIATED, PayoutStatus.CLAIMING}


def settled(payment: Payment, *, within: float) -> Payment:
    """The payment read back once no ledger call made for it is waiting for its answer (at
    most `within` seconds from now); a CommandError naming it when the workers do not get
    there. Without a broker nothing runs later, so it is read back at once."""
    deadline = time.monotonic() + within
    pause = _FIRST_PAUSE_SECONDS
    while True:
        current = Payment.objects.get(pk=payment.pk)
        if current_app.conf.task_always_eager or not _awaiting_answer(current):
            return current
        if time.monotonic() >= deadline:
            raise CommandError(
                f"{current.type} {current.pk} still waits for its ledger after {within:g} s "
                f"({current.status}): are the workers running, with the SECRET_KEY this "
                "command has, and do they reach the sandbox ledger?"
            )
        time.sleep(pause)
        pause = min(pause * 2, _LONGEST_PAUSE_SECONDS)


def _awaiting_answer(payment: Payment) -> bool:
    if payment.is_payout and payment.status in _AWAITING_LEDGER:
        return True
    return LedgerCall.objects.filter(payout_id=payment.pk, replied_on=None).exists()
