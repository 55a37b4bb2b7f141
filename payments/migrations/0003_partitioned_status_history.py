"""The payments' status history becomes range-partitioned by month of `occurred_on` on
PostgreSQL (common.partitions); SQLite keeps a plain table. Nothing references its rows."""

from django.db import migrations

from common import partitions

HISTORY = partitions.Partitioning("payments_paymentevent", "occurred_on")


class Migration(migrations.Migration):
    dependencies = [
        ("payments", "0002_cancel_on_authorize"),
    ]

    operations = [
        migrations.RunPython(partitions.partitioner(HISTORY), partitions.unpartitioner(HISTORY))
    ]
