"""The platform limits row, seeded with the starting values (`limits/starting.py`) in
PLATFORM_CURRENCY, so reading it never writes. An existing row is left as staff set it."""

from django.conf import settings
from django.db import migrations

from limits import starting


def seed_platform_limits(apps, schema_editor):
    starting.seed_platform(
        apps.get_model("limits", "PlatformLimits"),
        settings.PLATFORM_CURRENCY,
        using=schema_editor.connection.alias,
    )


class Migration(migrations.Migration):
    dependencies = [("limits", "0002_ceilings_policies_overrides")]

    # Reversing keeps the row: it may hold values staff set, and re-applying finds it.
    operations = [migrations.RunPython(seed_platform_limits, migrations.RunPython.noop)]
