"""Ledger callback attempts by month of their call: a call's attempts share a partition, so
their numbers stay unique per call; old months retire by dropping a partition."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from common import partitions
from ledger import retention
from ledger.models import CallbackAttempt, LedgerCall
from ledger.tasks import purge_expired_attempts
from tests.partitions.history import make_partitions, month_start, partition_of, suffix

pytestmark = pytest.mark.django_db


def call_with_attempt(provider_id: str, created_on) -> tuple[LedgerCall, CallbackAttempt]:
    call = LedgerCall.objects.create(
        provider_id=provider_id,
        endpoint="authorize",
        payout_id="po_1",
        idempotency_key=f"k-{created_on.isoformat()}",
        service={},
        reply_to="https://reply.example",
        created_on=created_on,
    )
    return call, attempt(call, 1, started_on=created_on + timedelta(days=40))


def attempt(call: LedgerCall, number: int, *, started_on) -> CallbackAttempt:
    return CallbackAttempt.objects.create(
        call=call,
        provider_id=call.provider_id,
        endpoint=call.endpoint,
        payout_id=call.payout_id,
        attempt=number,
        url="https://ledger.example",
        latency_ms=5,
        outcome="retry",
        started_on=started_on,
    )


def test_an_attempt_number_is_unique_per_call_whenever_it_was_made(provider):
    call, first = call_with_attempt(provider.id, timezone.now())
    assert first.call_created_on == call.created_on
    with pytest.raises(IntegrityError), transaction.atomic():
        attempt(call, 1, started_on=timezone.now() + timedelta(days=45))


@pytest.mark.postgres
def test_attempts_sit_in_their_calls_month_and_retire_with_it(provider):
    now = timezone.now()
    make_partitions("ledger_callbackattempt", month_start(now, -3))
    old_call, old = call_with_attempt(provider.id, month_start(now, -3) + timedelta(days=1))
    _, live = call_with_attempt(provider.id, now)
    assert partition_of(CallbackAttempt, old.pk).endswith(suffix(old_call.created_on))
    cutoff = month_start(now, -2) + timedelta(seconds=1)

    dropped = retention.purge_expired_attempts(
        now=cutoff + timedelta(days=settings.LEDGER_ATTEMPT_RETENTION_DAYS)
    )

    assert dropped >= 1
    names = [name for name, _ in partitions.partitions("ledger_callbackattempt")]
    assert f"ledger_callbackattempt{suffix(old_call.created_on)}" not in names
    assert not CallbackAttempt.objects.filter(pk=old.pk).exists()
    assert CallbackAttempt.objects.filter(pk=live.pk).exists()
    assert LedgerCall.objects.filter(pk=old_call.pk).exists()  # the call itself stays


def test_beat_retires_old_attempts_every_hour(provider):
    """The hourly job beat runs retires attempts past their window, as it does events."""
    job = next(
        job
        for job in settings.CELERY_BEAT_SCHEDULE.values()
        if job["task"] == "ledger.tasks.purge_expired_attempts"
    )
    assert job["schedule"] == 3600.0
    window = timedelta(days=settings.LEDGER_ATTEMPT_RETENTION_DAYS)
    _, old = call_with_attempt(provider.id, timezone.now() - window - timedelta(days=40))
    _, live = call_with_attempt(provider.id, timezone.now())

    purge_expired_attempts.delay()

    assert not CallbackAttempt.objects.filter(pk=old.pk).exists()
    assert CallbackAttempt.objects.filter(pk=live.pk).exists()
