"""The platform's starting limits, so a fresh install resolves real ceilings.

Values are in major units of PLATFORM_CURRENCY at the time of migrating; staff change them
with `set_platform_limits` or the admin (each change replaces `versions.platform`).
"""

from decimal import Decimal

from django.conf import settings
from django.db import migrations

# dimension column: (default, maximum), in major units (counts for daily_send_count)
STARTING = {
    "per_transaction_amount": ("1000", "10000"),
    "daily_amount": ("2500", "25000"),
    "weekly_amount": ("5000", "50000"),
    "monthly_amount": ("10000", "100000"),
    "daily_send_count": ("20", "100"),
}


def create_platform_limits(apps, schema_editor):
    import secrets

    import moneyed

    PlatformLimits = apps.get_model("limits", "PlatformLimits")
    if PlatformLimits.objects.filter(pk=1).exists():
        return
    code = settings.PLATFORM_CURRENCY
    sub_unit = moneyed.get_currency(code).sub_unit  # a power of ten, e.g. 100 for USD
    values = {}
    for column, (default, maximum) in STARTING.items():
        scale = 1 if column == "daily_send_count" else sub_unit
        values[f"default_{column}"] = int(Decimal(default) * scale)
        values[f"maximum_{column}"] = int(Decimal(maximum) * scale)
    PlatformLimits.objects.create(
        pk=1, currency=code, version_id=secrets.token_urlsafe(16), **values
    )


class Migration(migrations.Migration):
    dependencies = [("limits", "0002_ceilings_policies_overrides")]

    operations = [migrations.RunPython(create_platform_limits, migrations.RunPython.noop)]
