"""The Auditor group (reviews.0003) reads the staff privilege trail and the ledger
registration trail, as both analysts' groups read the risk trail (risk.0002)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Auditor"
TRAILS = (("security", "view_staffchange"), ("ledger", "view_ledgerregistrationchange"))


def grant_view(apps, schema_editor):
    # Permissions are normally created after the last migration; the group needs these now.
    for label in ("security", "ledger"):
        config = apps.get_app_config(label)
        config.models_module = True
        create_permissions(config, apps=apps, verbosity=0)
        config.models_module = None
    Permission = apps.get_model("auth", "Permission")
    wanted = [
        Permission.objects.get(content_type__app_label=label, codename=codename)
        for label, codename in TRAILS
    ]
    for group in apps.get_model("auth", "Group").objects.filter(name=GROUP):
        group.permissions.add(*wanted)


class Migration(migrations.Migration):
    dependencies = [
        ("security", "0003_staff_change"),
        ("ledger", "0003_registration_change"),
        ("reviews", "0003_review_permission_groups"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(grant_view, migrations.RunPython.noop)]
