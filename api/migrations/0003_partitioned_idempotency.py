"""Idempotency records become range-partitioned by day of `created_on` on PostgreSQL
(common.partitions); SQLite keeps a plain table. A unique index cannot span partitions of
another key, so the one key per provider is kept by a trigger that locks the key's hash and
looks in every partition (docs/decisions/idempotency-records-by-day.md)."""

from django.db import migrations

from common import partitions

RECORDS = partitions.Partitioning("api_idempotencyrecord", "created_on", interval="daily")
UNIQUE = "idempotency_provider_key"


def forward(apps, schema_editor):
    if not partitions.enabled(schema_editor.connection):
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(f'ALTER TABLE "{RECORDS.table}" DROP CONSTRAINT "{UNIQUE}"')
        partitions.install_partman(cursor)
        partitions.partition(cursor, RECORDS)
        partitions.unique_across_partitions(cursor, RECORDS.table, ("provider_id", "key"), UNIQUE)


def backward(apps, schema_editor):
    if not partitions.enabled(schema_editor.connection):
        return
    with schema_editor.connection.cursor() as cursor:
        partitions.drop_unique_across_partitions(cursor, RECORDS.table, UNIQUE)
        partitions.unpartition(cursor, RECORDS)
        cursor.execute(
            f'ALTER TABLE "{RECORDS.table}" ADD CONSTRAINT "{UNIQUE}" UNIQUE (provider_id, key)'
        )


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0002_idempotency_response_sealed"),
    ]

    operations = [migrations.RunPython(forward, backward)]
