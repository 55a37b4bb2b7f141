"""The migration to partitioned history on a populated database: every row, ID and foreign
key kept, and rows of past months in their months' partitions (PostgreSQL)."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from api.models import IdempotencyRecord
from events.models import Delivery, DeliveryAttempt, Event
from ledger.models import CallbackAttempt
from payments.models import PaymentEvent
from tests.partitions.history import month_start, partition_of, suffix
from tests.payments.factories import enroll, make_payment

BEFORE = [
    ("events", "0002_attempt_started_first"),
    ("ledger", "0001_initial"),
    ("payments", "0002_cancel_on_authorize"),
    ("api", "0002_idempotency_response_sealed"),
]

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def populate(old_apps, provider_id: str) -> dict:
    event_model = old_apps.get_model("events", "Event")
    endpoint_model = old_apps.get_model("events", "WebhookEndpoint")
    delivery_model = old_apps.get_model("events", "Delivery")
    attempt_model = old_apps.get_model("events", "DeliveryAttempt")
    hook = endpoint_model.objects.create(
        provider_id=provider_id, url="https://hooks.example/in", sealed_secret="unused"
    )
    now = timezone.now()
    times = [month_start(now, -n) + timedelta(hours=n) for n in range(6)] + [now]
    rows = {"events": {}, "deliveries": {}, "attempts": {}}
    for n, created_on in enumerate(times):
        event = event_model.objects.create(
            id=f"evt_mig{n}", provider_id=provider_id, type="payout.created", created_on=created_on
        )
        rows["events"][event.id] = created_on
        for m in range(2):
            delivery = delivery_model.objects.create(
                id=f"dlv_mig{n}_{m}", event=event, endpoint=hook, created_on=now
            )
            rows["deliveries"][delivery.id] = event.id
            for number in (1, 2):
                attempt = attempt_model.objects.create(
                    delivery=delivery, number=number, started_on=now, finished_on=now
                )
                rows["attempts"][attempt.id] = delivery.id
    # With the events the fixtures wrote (an onboarding's) before the migration.
    rows["events"] = dict(event_model.objects.values_list("id", "created_on"))
    return rows


def populate_history(old_apps, provider_id: str, payment_id: str) -> dict:
    """Ledger attempts (their calls a month apart) and a payment's status changes by month."""
    call_model = old_apps.get_model("ledger", "LedgerCall")
    attempt_model = old_apps.get_model("ledger", "CallbackAttempt")
    event_model = old_apps.get_model("payments", "PaymentEvent")
    now = timezone.now()
    rows = {"ledger": {}, "history": {}}
    for n in range(3):
        created_on = month_start(now, -n) + timedelta(minutes=n)
        call = call_model.objects.create(
            provider_id=provider_id,
            endpoint="authorize",
            payout_id=payment_id,
            idempotency_key=f"k{n}",
            service={},
            reply_to="https://reply.example",
            created_on=created_on,
        )
        for number in (1, 2):
            attempt = attempt_model.objects.create(
                call=call,
                provider_id=provider_id,
                endpoint="authorize",
                payout_id=payment_id,
                attempt=number,
                url="https://ledger.example",
                latency_ms=5,
                outcome="retry",
                started_on=now,  # a month later than its call, for the older ones
            )
            rows["ledger"][attempt.id] = (call.id, created_on)
        change = event_model.objects.create(
            payment_id=payment_id, trigger="t", to_status="accepted", occurred_on=created_on
        )
        rows["history"][change.id] = created_on
    record_model = old_apps.get_model("api", "IdempotencyRecord")
    rows["keys"] = {
        record_model.objects.create(
            provider_id=provider_id,
            key=f"key-{n}",
            fingerprint="f",
            created_on=now - timedelta(days=n),
        ).id: now - timedelta(days=n)
        for n in range(3)
    }
    return rows


def test_a_populated_database_migrates_with_every_row_id_and_key(provider):
    payment = make_payment(enroll(provider.provider))
    old_apps = migrate(BEFORE)
    try:
        rows = populate(old_apps, provider.id)
        history = populate_history(old_apps, provider.id, payment.id)
    finally:
        migrate(latest())

    attempts = {a.id: (a.call_id, a.call_created_on) for a in CallbackAttempt.objects.all()}
    assert attempts == history["ledger"]
    for attempt_id, (_, created_on) in history["ledger"].items():
        month = suffix(created_on)
        assert partition_of(CallbackAttempt, attempt_id) == f"ledger_callbackattempt{month}"
    changes = dict(PaymentEvent.objects.filter(payment=payment).values_list("id", "occurred_on"))
    assert {k: v for k, v in changes.items() if k in history["history"]} == history["history"]
    keys = dict(IdempotencyRecord.objects.values_list("id", "created_on"))
    assert keys == history["keys"]
    for record_id, created_on in keys.items():
        day = f"api_idempotencyrecord_p{created_on:%Y_%m_%d}"
        assert partition_of(IdempotencyRecord, record_id) == day
    with pytest.raises(IntegrityError), transaction.atomic():  # still one key per provider
        IdempotencyRecord.objects.create(
            provider_id=provider.id, key="key-2", fingerprint="f", created_on=timezone.now()
        )
    for change_id, occurred_on in history["history"].items():
        month = suffix(occurred_on)
        assert partition_of(PaymentEvent, change_id) == f"payments_paymentevent{month}"

    events = dict(Event.objects.values_list("id", "created_on"))
    assert events == rows["events"]
    deliveries = {d.id: d for d in Delivery.objects.all()}
    assert {k: d.event_id for k, d in deliveries.items()} == rows["deliveries"]
    assert all(d.event_created_on == events[d.event_id] for d in deliveries.values())
    attempts = {a.id: a for a in DeliveryAttempt.objects.all()}
    assert {k: a.delivery_id for k, a in attempts.items()} == rows["attempts"]
    assert all(
        a.event_created_on == deliveries[a.delivery_id].event_created_on for a in attempts.values()
    )
    # Each row sits in its event's month; new attempts continue the IDs.
    for event_id, created_on in rows["events"].items():
        assert partition_of(Event, event_id) == f"events_event{suffix(created_on)}"
    for attempt_id, delivery_id in rows["attempts"].items():
        month = suffix(deliveries[delivery_id].event_created_on)
        assert partition_of(DeliveryAttempt, attempt_id) == f"events_deliveryattempt{month}"
    newer = DeliveryAttempt.objects.create(
        delivery=next(iter(deliveries.values())), number=3, started_on=timezone.now()
    )
    assert newer.id > max(rows["attempts"])
