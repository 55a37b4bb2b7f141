"""Callback attempts become range-partitioned by the month of their call's creation on
PostgreSQL (common.partitions); SQLite keeps a plain table. The unique attempt number per call
gains the partition key, which the call determines
(docs/decisions/partitioned-history.md)."""

from django.db import migrations, models

from common import partitions

ATTEMPTS = partitions.Partitioning(
    "ledger_callbackattempt",
    "call_created_on",
    key_from="COALESCE(c.created_on, o.started_on)",
    join='LEFT JOIN ledger_ledgercall c ON c.id = o."call_id"',
)
FILL_KEYS = (
    "UPDATE ledger_callbackattempt SET call_created_on = (SELECT created_on FROM "
    "ledger_ledgercall c WHERE c.id = ledger_callbackattempt.call_id)",
)


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0001_initial"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="callbackattempt",
            name="callback_attempt_number",
        ),
        migrations.AddField(
            model_name="callbackattempt",
            name="call_created_on",
            field=models.DateTimeField(editable=False, null=True),
        ),
        migrations.RunPython(
            partitions.partitioner(ATTEMPTS, plain=FILL_KEYS), partitions.unpartitioner(ATTEMPTS)
        ),
        partitions.AlterPlainField(
            model_name="callbackattempt",
            name="call_created_on",
            field=models.DateTimeField(editable=False),
        ),
        migrations.AddConstraint(
            model_name="callbackattempt",
            constraint=models.UniqueConstraint(
                fields=("call", "attempt", "call_created_on"), name="callback_attempt_number"
            ),
        ),
    ]
