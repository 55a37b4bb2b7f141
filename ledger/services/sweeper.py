"""The sweeper: calls and outcomes that a lost message or a killed worker left behind.

Run by the beat task `ledger.tasks.resume_stalled_calls`.
"""

from datetime import timedelta

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from ledger import bulkhead
from ledger.models import LedgerCall
from ledger.services import calls, outcomes


def resume_stalled(*, batch: int = 500) -> int:
    """Re-enqueue pending calls nobody is working on, and waiting calls whose provider has
    room again, and re-send outcomes their receiver has not acknowledged (a broker that lost
    its data, or a killed worker at the wrong moment, loses no call and no outcome)."""
    now = timezone.now()
    cutoff = now - timedelta(seconds=settings.LEDGER_STALLED_AFTER_SECONDS)
    stalled = list(
        LedgerCall.objects.filter(status=LedgerCall.Status.PENDING, next_attempt_on__lt=cutoff)
        .filter(Q(leased_until__isnull=True) | Q(leased_until__lt=now))
        .order_by("next_attempt_on")
        .values_list("id", flat=True)[:batch]
    )
    # Pushed forward, so the next sweep waits for this enqueue to be worked before trying again.
    LedgerCall.objects.filter(pk__in=stalled).update(next_attempt_on=now)
    # Waiting calls handed the slots of workers that died (their leases ran out).
    stalled += bulkhead.hand_on()
    for call_id in stalled:
        calls._enqueue(call_id)
    unreplied = list(
        LedgerCall.objects.filter(
            status=LedgerCall.Status.COMPLETED, replied_on__isnull=True, completed_on__lt=cutoff
        )
        .filter(Q(handed_over_on__isnull=True) | Q(handed_over_on__lt=cutoff))
        .order_by("completed_on")
        .values_list("id", flat=True)[:batch]
    )
    # Likewise: the receiver gets this long to acknowledge the copy sent now.
    LedgerCall.objects.filter(pk__in=unreplied).update(handed_over_on=now)
    for call_id in unreplied:
        outcomes.send_outcome(call_id)
    return len(stalled) + len(unreplied)
