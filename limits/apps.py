from django.apps import AppConfig
from django.apps import apps as global_apps
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, router
from django.db.models.signals import post_migrate


class LimitsConfig(AppConfig):
    name = "limits"

    def ready(self):
        post_migrate.connect(platform_after_flush, sender=self)


def platform_after_flush(sender, using=DEFAULT_DB_ALIAS, apps=global_apps, **kwargs):
    """Put the platform limits row back after a flush, as `risk.apps.policy_after_flush` does
    for the risk thresholds: a flush (between transactional tests, `manage.py flush`) empties
    every table, the migration-made row too, then sends post_migrate; a migrate finds the row
    there and changes nothing."""
    from limits import starting

    try:
        platform_model = apps.get_model("limits", "PlatformLimits")
    except LookupError:
        return  # migrated back to before the table existed
    if router.allow_migrate_model(using, platform_model):
        starting.seed_platform(platform_model, settings.PLATFORM_CURRENCY, using=using)
