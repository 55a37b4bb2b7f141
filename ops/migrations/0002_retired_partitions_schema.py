"""The schema where retired partitions wait for their drop (common.partitions.RETIRED).

Made once here rather than by each retirement: two purges creating it at the same moment would
collide on the catalog's unique name."""

from django.db import migrations

from common import partitions


def create(apps, schema_editor):
    if partitions.enabled(schema_editor.connection):
        schema_editor.execute(f"CREATE SCHEMA IF NOT EXISTS {partitions.RETIRED}")


def drop(apps, schema_editor):
    if partitions.enabled(schema_editor.connection):
        schema_editor.execute(f"DROP SCHEMA IF EXISTS {partitions.RETIRED} CASCADE")


class Migration(migrations.Migration):
    dependencies = [("ops", "0001_initial")]

    operations = [migrations.RunPython(create, drop)]
