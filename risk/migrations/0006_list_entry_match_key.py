"""Each list entry's match key (`risk.list_keys`): the column, its index, the keys of the
entries already stored, and on PostgreSQL a trigram index over the names' keys, which
screening reads its near-match candidates from (pg_trgm, a trusted extension: the database
owner may create it)."""

from django.db import migrations, models

from risk.list_keys import NAME_KINDS, refresh

TRIGRAM_INDEX = "risk_list_entry_name_trgm"


def _fill_keys(apps, schema_editor):
    refresh(apps.get_model("risk", "RiskListEntry").objects.all())


def _add_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    table = apps.get_model("risk", "RiskListEntry")._meta.db_table
    kinds = ", ".join(f"'{kind}'" for kind in NAME_KINDS)
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema_editor.execute(
        f'CREATE INDEX IF NOT EXISTS "{TRIGRAM_INDEX}" ON "{table}" '
        f"USING gin (match_key gin_trgm_ops) WHERE kind IN ({kinds})"
    )


def _drop_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f'DROP INDEX IF EXISTS "{TRIGRAM_INDEX}"')


class Migration(migrations.Migration):
    dependencies = [
        ("risk", "0005_list_entry_attributes"),
    ]

    operations = [
        migrations.AddField(
            model_name="risklistentry",
            name="match_key",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.AlterField(
            model_name="risklistentry",
            name="value",
            field=models.CharField(
                help_text="Stored and shown as given; compared case-insensitively, and a name "
                "also by its canonical form (accents, invisible characters and look-alike "
                "letters ignored).",
                max_length=255,
            ),
        ),
        migrations.RunPython(_fill_keys, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="risklistentry",
            index=models.Index(fields=["kind", "match_key"], name="risk_list_entry_key"),
        ),
        migrations.RunPython(_add_trigram_index, _drop_trigram_index),
    ]
