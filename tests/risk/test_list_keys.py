"""Each list entry stores its match key, made from its value on every write: a save through
the services or the admin, a bulk insert or update, the data migration for the rows stored
before it, and `refresh_list_keys` after ICU moves. The value itself is kept as given."""

import json
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from common.actors import Actor
from risk import services
from risk.models import RiskChange, RiskListEntry

ANA = Actor(kind="user", user_id="7", display_name="Ana Analyst", email="ana@risk.example")


def _key(pk) -> str:
    return RiskListEntry.objects.values_list("match_key", flat=True).get(pk=pk)


@pytest.mark.django_db
def test_a_saved_entry_keeps_its_value_as_given_and_its_key_in_step():
    entry = services.LIST_ENTRIES.create(
        values={"kind": "sanctioned_name", "value": " Iván  Petrov ", "level": "high"},
        actor=ANA,
        reason="OFAC update",
    )
    assert (entry.value, _key(entry.pk)) == ("Iván Petrov", "ivan petrov")
    services.LIST_ENTRIES.update(
        pk=entry.pk, values={"value": "Иван Петров"}, actor=ANA, reason="as the list spells it"
    )
    assert RiskListEntry.objects.get(pk=entry.pk).value == "Иван Петров"
    assert _key(entry.pk) == "ᴎʙaʜ πeᴛpoʙ"  # the confusables skeleton of the Cyrillic
    # The key is made from the value: the trail records the value, not the key.
    assert all("match_key" not in (c.after or {}) for c in RiskChange.objects.all())


@pytest.mark.django_db
def test_other_kinds_are_keyed_by_their_lower_cased_value():
    entry = RiskListEntry.objects.create(kind="email", value="Mule@Example.com", level="high")
    assert _key(entry.pk) == "mule@example.com"


@pytest.mark.django_db
def test_a_look_alike_of_a_listed_name_is_refused_as_already_listed():
    RiskListEntry.objects.create(kind="sanctioned_name", value="Ivan Petrov", level="high")
    look_alike = RiskListEntry(kind="sanctioned_name", value="Iv\u200ban Petr\u043ev", level="low")
    with pytest.raises(ValidationError, match="already on the list as “Ivan Petrov”"):
        look_alike.full_clean()
    # The same name on another list is no duplicate.
    RiskListEntry(kind="pep_name", value="Iv\u200ban Petrov", level="low").full_clean()


@pytest.mark.django_db
def test_a_name_with_nothing_comparable_is_refused():
    with pytest.raises(ValidationError, match="A full name"):
        RiskListEntry(kind="pep_name", value="\u200b \u00ad", level="high").full_clean()


@pytest.mark.django_db
def test_bulk_writes_key_every_entry_and_a_bare_update_of_the_value_is_refused():
    first, second = RiskListEntry.objects.bulk_create(
        [
            RiskListEntry(kind="pep_name", value="Zoë Ñúñez", level="high"),
            RiskListEntry(kind="country", value="KP", level="very_high"),
        ]
    )
    assert (_key(first.pk), _key(second.pk)) == ("zoe nunez", "kp")
    first.value = "Zo\u200bë Nuñez Ortega"
    RiskListEntry.objects.bulk_update([first], ["value"])
    assert _key(first.pk) == "zoe nunez ortega"
    with pytest.raises(TypeError, match="match key"):
        RiskListEntry.objects.filter(pk=first.pk).update(value="Someone Else")
    first.value = "Ivan Petrov"
    first.save(update_fields=["value"])
    assert _key(first.pk) == "ivan petrov"


@pytest.mark.django_db
def test_refresh_list_keys_rekeys_what_is_out_of_date():
    entry = RiskListEntry.objects.create(kind="sanctioned_name", value="Iván Petrov", level="high")
    RiskListEntry.objects.filter(pk=entry.pk).update(match_key="stale")  # as an older ICU made
    out = StringIO()
    call_command("refresh_list_keys", "--json", stdout=out)
    assert json.loads(out.getvalue()) == {"changed": 1}
    assert _key(entry.pk) == "ivan petrov"
    again = StringIO()
    call_command("refresh_list_keys", "--json", stdout=again)
    assert json.loads(again.getvalue()) == {"changed": 0}


@pytest.mark.django_db(transaction=True)
def test_the_migration_keys_the_entries_stored_before_it():
    before, keyed = ("risk", "0005_list_entry_attributes"), ("risk", "0006_list_entry_match_key")
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([before])
        old = MigrationExecutor(connection).loader.project_state([before]).apps
        old.get_model("risk", "RiskListEntry").objects.create(
            kind="sanctioned_name", value="Iv\u0430n Petr\u043ev", level="very_high"
        )
        MigrationExecutor(connection).migrate([keyed])
        assert RiskListEntry.objects.get().match_key == "ivan petrov"
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT 1 FROM pg_indexes WHERE indexname = 'risk_list_entry_name_trgm'"
                )
                assert cursor.fetchone() == (1,)
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
        RiskListEntry.objects.all().delete()
