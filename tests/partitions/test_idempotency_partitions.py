"""Idempotency records by day on PostgreSQL: one key per provider across days (a trigger
keeps what no index spanning the partitions can), and days past the window retired by
dropping their partitions."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from api import idempotency
from api.models import IdempotencyRecord
from api.tasks import purge_expired_idempotency_keys
from common import partitions
from tests.partitions.history import make_partitions, partition_of

pytestmark = pytest.mark.django_db


def record(provider_id: str, key: str, created_on) -> IdempotencyRecord:
    return IdempotencyRecord.objects.create(
        provider_id=provider_id, key=key, fingerprint="f", created_on=created_on
    )


def day_start(moment):
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def test_a_key_used_either_side_of_midnight_is_one_key(provider):
    midnight = day_start(timezone.now()) + timedelta(days=1)
    first = record(provider.id, "midnight", midnight - timedelta(microseconds=1))
    with pytest.raises(IntegrityError), transaction.atomic():
        record(provider.id, "midnight", midnight)
    # Another provider's key of the same name is its own.
    record(provider.id + "-other", "midnight", midnight)
    # The claim finds the first and does not run the request again.
    first.state = IdempotencyRecord.State.COMPLETED
    first.expires_on = midnight + timedelta(hours=24)
    first.save()
    claim = idempotency.claim(provider_id=provider.id, key="midnight", fingerprint="f")
    assert claim.replay and claim.record.pk == first.pk


@pytest.mark.postgres
def test_records_sit_in_their_day_and_expired_days_are_dropped(provider):
    today = day_start(timezone.now())
    old_day = today - timedelta(days=3)
    make_partitions("api_idempotencyrecord", old_day)
    old = record(provider.id, "old", old_day + timedelta(hours=1))
    fresh = record(provider.id, "fresh", timezone.now())
    assert partition_of(IdempotencyRecord, old.pk) == f"api_idempotencyrecord_p{old_day:%Y_%m_%d}"
    assert partition_of(IdempotencyRecord, fresh.pk) == f"api_idempotencyrecord_p{today:%Y_%m_%d}"

    assert purge_expired_idempotency_keys.delay().get() >= 1

    names = [name for name, _ in partitions.partitions("api_idempotencyrecord")]
    assert f"api_idempotencyrecord_p{old_day:%Y_%m_%d}" not in names
    assert list(IdempotencyRecord.objects.values_list("key", flat=True)) == ["fresh"]


def test_the_purge_task_retires_nothing_still_in_its_window(provider):
    window = timedelta(seconds=settings.IDEMPOTENCY_RETENTION_SECONDS)
    record(provider.id, "recent", timezone.now() - window + timedelta(minutes=5))
    purge_expired_idempotency_keys.delay().get()
    assert IdempotencyRecord.objects.filter(key="recent").exists()
