from django.apps import AppConfig
from django.apps import apps as global_apps
from django.db import DEFAULT_DB_ALIAS, router
from django.db.models.signals import post_migrate


class RiskConfig(AppConfig):
    name = "risk"

    def ready(self):
        # Make the hooks the reviews app fills exist in every process (common.hooks).
        from risk import links, rule_precision  # noqa: F401

        post_migrate.connect(policy_after_flush, sender=self)


def policy_after_flush(sender, using=DEFAULT_DB_ALIAS, apps=global_apps, **kwargs):
    """Put the thresholds row back after a flush. A flush (between transactional tests,
    `manage.py flush`) empties every table, the migration-made row too, then sends
    post_migrate as after a migrate, which is how Django re-creates content types and
    permissions; a migrate finds the row there and changes nothing."""
    from risk.policy import ensure_policy

    try:
        policy_model = apps.get_model("risk", "RiskPolicy")
    except LookupError:
        return  # migrated back to before the risk app had it
    if router.allow_migrate_model(using, policy_model):
        ensure_policy(policy_model, using=using)
