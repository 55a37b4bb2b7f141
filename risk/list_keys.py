"""The form in which a list entry's value and a profile's candidates are compared: its match
key. Names (sanctions, PEP) compare by their canonical form (`common.canonical_names`);
countries, emails, domains and phone prefixes by their lower-cased text.

Each entry stores its key (`RiskListEntry.match_key`, indexed), made when the entry is saved
or bulk-inserted; screening computes the key of each candidate and looks it up. The value
itself is stored and shown as given.
"""

from django.db import models

from common.canonical_names import canonical_name

SANCTIONED_NAME, PEP_NAME = "sanctioned_name", "pep_name"
NAME_KINDS = (SANCTIONED_NAME, PEP_NAME)
# The fields a key is made from.
KEYED_FROM = {"kind", "value"}


def match_key(kind: str, value: str) -> str:
    if kind in NAME_KINDS:
        return canonical_name(value)
    return value.strip().lower()


def refresh(entries) -> int:
    """Re-key the entries whose stored key differs from today's (a new ICU brings new
    confusables data); how many changed. `entries`: a queryset of list entries."""
    changed = []
    for entry in entries.only("pk", "kind", "value", "match_key").iterator(chunk_size=2000):
        key = match_key(entry.kind, entry.value)
        if key != entry.match_key:
            entry.match_key = key
            changed.append(entry)
    entries.bulk_update(changed, ["match_key"], batch_size=2000)
    return len(changed)


class KeyedEntries(models.QuerySet):
    """The list entries' queryset: every bulk write keeps each entry's key in step with its
    value (`RiskListEntry.save` does so for one)."""

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for obj in objs:
            obj.match_key = match_key(obj.kind, obj.value)
        return super().bulk_create(objs, *args, **kwargs)

    def bulk_update(self, objs, fields, *args, **kwargs):
        if KEYED_FROM & set(fields):
            objs = list(objs)
            for obj in objs:
                obj.match_key = match_key(obj.kind, obj.value)
            fields = [*fields, "match_key"]
        return super().bulk_update(objs, fields, *args, **kwargs)

    def update(self, **kwargs):
        if KEYED_FROM & set(kwargs) and "match_key" not in kwargs:
            raise TypeError("Save each list entry (or bulk_update) so its match key follows.")
        return super().update(**kwargs)
