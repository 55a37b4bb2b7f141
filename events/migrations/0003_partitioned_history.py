"""Events, deliveries and delivery attempts become range-partitioned by the month of the
event's creation on PostgreSQL (common.partitions, kept by pg_partman); SQLite keeps plain
tables. Deliveries and attempts gain `event_created_on`, their partition key, and lose their
database foreign keys into the partitioned tables (docs/decisions/partitioned-history.md)."""

import django.db.models.deletion
from django.db import migrations, models

from common import partitions

EVENTS = partitions.Partitioning("events_event", "created_on")
# The key comes from the event (the delivery's own time if it were ever missing).
DELIVERIES = partitions.Partitioning(
    "events_delivery",
    "event_created_on",
    key_from="COALESCE(e.created_on, o.created_on)",
    join='LEFT JOIN events_event e ON e.id = o."event_id"',
)
ATTEMPTS = partitions.Partitioning(
    "events_deliveryattempt",
    "event_created_on",
    key_from="COALESCE(d.event_created_on, o.started_on)",
    join='LEFT JOIN events_delivery d ON d.id = o."delivery_id"',
)
FILL_KEYS = (
    "UPDATE events_delivery SET event_created_on = (SELECT created_on FROM events_event e "
    "WHERE e.id = events_delivery.event_id)",
    "UPDATE events_deliveryattempt SET event_created_on = (SELECT event_created_on FROM "
    "events_delivery d WHERE d.id = events_deliveryattempt.delivery_id)",
)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0002_attempt_started_first"),
    ]

    operations = [
        migrations.AlterField(
            model_name="delivery",
            name="event",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="deliveries",
                to="events.event",
            ),
        ),
        migrations.AlterField(
            model_name="deliveryattempt",
            name="delivery",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="attempt_log",
                to="events.delivery",
            ),
        ),
        migrations.AddField(
            model_name="delivery",
            name="event_created_on",
            field=models.DateTimeField(editable=False, null=True),
        ),
        migrations.AddField(
            model_name="deliveryattempt",
            name="event_created_on",
            field=models.DateTimeField(editable=False, null=True),
        ),
        migrations.RunPython(
            partitions.partitioner(EVENTS, DELIVERIES, ATTEMPTS, plain=FILL_KEYS),
            partitions.unpartitioner(ATTEMPTS, DELIVERIES, EVENTS),
        ),
        partitions.AlterPlainField(
            model_name="delivery",
            name="event_created_on",
            field=models.DateTimeField(editable=False),
        ),
        partitions.AlterPlainField(
            model_name="deliveryattempt",
            name="event_created_on",
            field=models.DateTimeField(editable=False),
        ),
    ]
