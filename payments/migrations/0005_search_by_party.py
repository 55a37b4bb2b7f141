"""A provider-wide q walks in page order (payments.search): the entries gain the memo alone and
an unbound party's name, the names each provider sees are kept in `PartyName`, and on
PostgreSQL the trigram index over the whole search text gives way to one over the memo, a
GIN index of each phone's seven-digit grams, and a trigram index over the names.

Existing rows are filled in from what they already hold, lower-cased by the code that wrote
them: the memo is the first line of `search_text` and an unbound party's name its last (on
PostgreSQL in one statement; rows whose memo or name holds a line break, and every row on other
databases, one by one). Indexes are built and dropped concurrently on PostgreSQL: payouts keep
being written meanwhile.
"""

import django.db.models.deletion
from django.db import migrations, models

from common.index_operations import AddIndexConcurrently

GRAM = 7
GRAMS_FUNCTION = f"""
CREATE OR REPLACE FUNCTION payment_digit_grams(digits text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT substr(digits, i, {GRAM})), '{{}}')
    FROM generate_series(1, length(digits) - {GRAM - 1}) AS i
$$
"""
INDEXES = {
    "payment_entry_memo_trgm": (
        'ON "payments_paymententry" USING gin ("search_memo" gin_trgm_ops) WHERE "is_primary"'
    ),
    "payment_entry_digit_grams": (
        'ON "payments_paymententry" USING gin (payment_digit_grams("search_digits")) '
        'WHERE "is_primary"'
    ),
    "party_name_trgm": 'ON "payments_partyname" USING gin ("name" gin_trgm_ops)',
}
OLD_TEXT_INDEX = (
    "payment_entry_text_trgm",
    'ON "payments_paymententry" USING gin ("search_text" gin_trgm_ops) WHERE "is_primary"',
)
BREAK = "\n"  # between the fields of search_text

FILL_FROM_TEXT = """
UPDATE payments_paymententry e
SET search_memo = CASE WHEN p.memo <> '' THEN split_part(e.search_text, E'\\n', 1) ELSE '' END,
    unbound_name = CASE WHEN p.counterparty_participant_id = '' AND p.counterparty_name <> ''
                        THEN split_part(e.search_text, E'\\n', -1) ELSE '' END
FROM payments_payment p
WHERE p.id = e.payment_id
  AND (p.memo <> '' OR (p.counterparty_participant_id = '' AND p.counterparty_name <> ''))
  AND strpos(p.memo, E'\\n') = 0 AND strpos(p.counterparty_name, E'\\n') = 0
"""

# The names each provider sees (payments.entries.Party.name_for), not yet lower-cased.
FULL_NAME = (
    "CASE WHEN {e}.given_name <> '' AND {e}.family_name <> '' "
    "THEN {e}.given_name || ' ' || {e}.family_name ELSE {e}.given_name || {e}.family_name END"
)
SEEN_NAMES = f"""
SELECT DISTINCT e.provider_id, p.initiator_participant_id,
       CASE WHEN p.initiator_provider_id = e.provider_id AND ie.id IS NOT NULL
            THEN {FULL_NAME.format(e="ie")} ELSE p.initiator_name END
FROM payments_paymententry e
JOIN payments_payment p ON p.id = e.payment_id
LEFT JOIN participants_enrollment ie ON ie.id = p.initiator_enrollment_id
WHERE e.is_primary
UNION
SELECT DISTINCT e.provider_id, p.counterparty_participant_id,
       CASE WHEN p.counterparty_provider_id = e.provider_id AND ce.id IS NOT NULL
            THEN {FULL_NAME.format(e="ce")} ELSE p.counterparty_name END
FROM payments_paymententry e
JOIN payments_payment p ON p.id = e.payment_id
LEFT JOIN participants_enrollment ce ON ce.id = p.counterparty_enrollment_id
WHERE e.is_primary
"""


def fill(apps, schema_editor):
    PaymentEntry = apps.get_model("payments", "PaymentEntry")
    PartyName = apps.get_model("payments", "PartyName")
    using = schema_editor.connection.alias
    entries = PaymentEntry.objects.using(using)
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(FILL_FROM_TEXT)
        entries = entries.filter(
            models.Q(payment__memo__contains=BREAK)
            | models.Q(payment__counterparty_name__contains=BREAK)
        )
    rows = entries.values_list(
        "pk", "payment__memo", "payment__counterparty_participant_id", "payment__counterparty_name"
    )
    for pk, memo, counterparty, counterparty_name in rows.iterator(chunk_size=2000):
        entries.filter(pk=pk).update(
            search_memo=memo.lower(), unbound_name="" if counterparty else counterparty_name.lower()
        )
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(SEEN_NAMES)
        seen = {(viewer, party, name.lower()) for viewer, party, name in cursor.fetchall() if name}
    PartyName.objects.using(using).bulk_create(
        [PartyName(provider_id=v, participant_id=p, name=n) for v, p, n in sorted(seen)],
        batch_size=2000,
        ignore_conflicts=True,
    )


def _postgresql(schema_editor) -> bool:
    return schema_editor.connection.vendor == "postgresql"


def index_forwards(apps, schema_editor):
    if not _postgresql(schema_editor):
        return
    schema_editor.execute(GRAMS_FUNCTION)
    for name, definition in INDEXES.items():
        schema_editor.execute(f'CREATE INDEX CONCURRENTLY IF NOT EXISTS "{name}" {definition}')
    schema_editor.execute(f'DROP INDEX CONCURRENTLY IF EXISTS "{OLD_TEXT_INDEX[0]}"')


def index_backwards(apps, schema_editor):
    if not _postgresql(schema_editor):
        return
    name, definition = OLD_TEXT_INDEX
    schema_editor.execute(f'CREATE INDEX CONCURRENTLY IF NOT EXISTS "{name}" {definition}')
    for name in INDEXES:
        schema_editor.execute(f'DROP INDEX CONCURRENTLY IF EXISTS "{name}"')
    schema_editor.execute("DROP FUNCTION IF EXISTS payment_digit_grams(text)")


class Migration(migrations.Migration):
    atomic = False  # PostgreSQL builds and drops indexes concurrently only outside one

    dependencies = [
        ("participants", "0001_initial"),
        ("payments", "0004_other_party_page_order"),
        ("providers", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="PartyName",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("participant_id", models.CharField(blank=True, default="", max_length=48)),
                ("name", models.CharField(max_length=511)),
                (
                    "provider",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="providers.provider",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("provider", "name", "participant_id"), name="party_name_unique"
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="paymententry",
            name="search_memo",
            field=models.TextField(blank=True, default=""),
        ),
        migrations.AddField(
            model_name="paymententry",
            name="unbound_name",
            field=models.CharField(blank=True, default="", max_length=511),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=True),
        AddIndexConcurrently(
            model_name="paymententry",
            index=models.Index(
                condition=models.Q(
                    ("is_primary", True), models.Q(("unbound_name", ""), _negated=True)
                ),
                fields=["provider", "unbound_name", "-created_on", "-payment"],
                name="payment_entry_unbound_name",
            ),
        ),
        migrations.RunPython(index_forwards, index_backwards),
    ]
