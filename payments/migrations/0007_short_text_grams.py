"""A q with no trigram (`zq`, `!!`) is looked up by its one- and two-character grams
(payments.search): on PostgreSQL an immutable SQL function gives a text's distinct grams, and
GIN indexes of them cover the primary entries' memos and the names each provider sees. Built
concurrently: payouts keep being written meanwhile. Nothing on other databases."""

from django.db import migrations

GRAMS_FUNCTION = """
CREATE OR REPLACE FUNCTION payment_short_grams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT gram), '{}') FROM (
        SELECT substr(value, i, 1) AS gram FROM generate_series(1, length(value)) AS i
        UNION ALL
        SELECT substr(value, i, 2) FROM generate_series(1, length(value) - 1) AS i
    ) AS grams
$$
"""
INDEXES = {
    "payment_entry_memo_grams": (
        'ON "payments_paymententry" USING gin (payment_short_grams("search_memo")) '
        'WHERE "is_primary"'
    ),
    "party_name_grams": 'ON "payments_partyname" USING gin (payment_short_grams("name"))',
}


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(GRAMS_FUNCTION)
    for name, definition in INDEXES.items():
        schema_editor.execute(f'CREATE INDEX CONCURRENTLY "{name}" {definition}')


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in INDEXES:
        schema_editor.execute(f'DROP INDEX CONCURRENTLY IF EXISTS "{name}"')
    schema_editor.execute("DROP FUNCTION IF EXISTS payment_short_grams(text)")


class Migration(migrations.Migration):
    atomic = False  # PostgreSQL builds and drops indexes concurrently only outside one

    dependencies = [("payments", "0006_drop_payment_id_index")]

    operations = [migrations.RunPython(forwards, backwards)]
