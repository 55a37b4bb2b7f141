"""Writing event history at chosen times, and reading where PostgreSQL put it."""

from datetime import UTC, datetime, timedelta

from django.db import connection

from events.models import Delivery, DeliveryAttempt, Event, WebhookEndpoint


def month_start(moment: datetime, months: int = 0) -> datetime:
    """The first instant of the month `months` after (or before) the one of `moment`, UTC."""
    index = moment.year * 12 + moment.month - 1 + months
    return datetime(index // 12, index % 12 + 1, 1, tzinfo=UTC)


def endpoint(provider_id: str) -> WebhookEndpoint:
    return WebhookEndpoint.objects.create(
        provider_id=provider_id, url="https://hooks.example/in", sealed_secret="unused"
    )


def event_with_attempt(provider_id: str, hook: WebhookEndpoint, created_on: datetime):
    event = Event.objects.create(
        provider_id=provider_id, type="payout.created", created_on=created_on
    )
    delivery = Delivery.objects.create(event=event, endpoint=hook, created_on=created_on)
    attempt = DeliveryAttempt.objects.create(
        delivery=delivery, number=1, started_on=created_on + timedelta(seconds=1)
    )
    return event, delivery, attempt


def partition_of(model, pk) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT tableoid::regclass::text FROM {model._meta.db_table} WHERE id = %s", [pk]
        )
        return cursor.fetchone()[0]


def suffix(moment: datetime) -> str:
    return f"_p{moment.year}_{moment.month:02d}"


def make_partitions(table: str, *months: datetime) -> None:
    """Partitions for past months, as partman would have made them ahead at the time."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT partman.create_partition_time(%s, %s::timestamptz[])",
            [f"public.{table}", list(months)],
        )
