"""The thresholds row, made here rather than on first read, so reading it never writes. A
database that already has it (made by a first read before) keeps its values."""

from django.db import migrations

from risk.policy import ensure_policy


def make_policy_row(apps, schema_editor):
    ensure_policy(apps.get_model("risk", "RiskPolicy"), using=schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [("risk", "0002_risk_change")]

    operations = [migrations.RunPython(make_policy_row, migrations.RunPython.noop)]
