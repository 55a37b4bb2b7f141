"""The starter risk rules and example list entries (data in `risk/starter.py`)."""

from django.db import migrations

from risk import starter


def add_defaults(apps, schema_editor):
    starter.install(
        apps.get_model("reviews", "RiskRule"), apps.get_model("reviews", "RiskListEntry")
    )


def remove_defaults(apps, schema_editor):
    apps.get_model("reviews", "RiskRule").objects.filter(
        rule_id__in=[rule[0] for rule in starter.RULES]
    ).delete()
    RiskListEntry = apps.get_model("reviews", "RiskListEntry")
    for kind, value, _, _ in starter.LIST_ENTRIES:
        RiskListEntry.objects.filter(kind=kind, value=value).delete()


class Migration(migrations.Migration):
    dependencies = [("reviews", "0003_review_permission_groups")]

    operations = [migrations.RunPython(add_defaults, remove_defaults)]
