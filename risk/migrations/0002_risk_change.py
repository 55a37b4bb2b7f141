"""The risk configuration's audit trail (`RiskChange`), readable by both analysts' groups.
After reviews.0008, so the risk content types it may create are not made twice."""

from django.contrib.auth.management import create_permissions
import django.utils.timezone
from django.db import migrations, models


GROUPS = ("Risk analyst", "Auditor")


def grant_view(apps, schema_editor):
    # Permissions are normally created after the last migration; the groups need this one now.
    risk = apps.get_app_config("risk")
    risk.models_module = True
    create_permissions(risk, apps=apps, verbosity=0)
    risk.models_module = None
    Permission = apps.get_model("auth", "Permission")
    view = Permission.objects.get(content_type__app_label="risk", codename="view_riskchange")
    for group in apps.get_model("auth", "Group").objects.filter(name__in=GROUPS):
        group.permissions.add(view)


class Migration(migrations.Migration):
    dependencies = [
        ("risk", "0001_initial"),
        ("reviews", "0008_risk_models_moved_to_risk"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.CreateModel(
            name="RiskChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "actor_kind",
                    models.CharField(
                        choices=[
                            ("user", "user"),
                            ("application", "application"),
                            ("system", "system"),
                        ],
                        max_length=16,
                    ),
                ),
                ("actor_user_id", models.CharField(blank=True, default="", max_length=64)),
                (
                    "actor_application_key_id",
                    models.CharField(blank=True, default="", max_length=64),
                ),
                (
                    "actor_calling_account_id",
                    models.CharField(blank=True, default="", max_length=64),
                ),
                ("actor_display_name", models.CharField(blank=True, default="", max_length=255)),
                ("actor_email", models.CharField(blank=True, default="", max_length=255)),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("policy", "Policy"),
                            ("rule", "Rule"),
                            ("list-entry", "List Entry"),
                            ("allowlist-entry", "Allowlist Entry"),
                        ],
                        max_length=32,
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[("create", "Create"), ("update", "Update"), ("delete", "Delete")],
                        max_length=16,
                    ),
                ),
                (
                    "subject",
                    models.CharField(help_text="The changed row's primary key.", max_length=64),
                ),
                ("label", models.CharField(blank=True, default="", max_length=255)),
                ("before", models.JSONField(blank=True, null=True)),
                ("after", models.JSONField(blank=True, null=True)),
                ("reason", models.CharField(max_length=512)),
                (
                    "created_on",
                    models.DateTimeField(default=django.utils.timezone.now, editable=False),
                ),
            ],
            options={
                "ordering": ["-created_on", "-id"],
                "indexes": [
                    models.Index(
                        fields=["kind", "subject", "-created_on"], name="risk_change_subject"
                    )
                ],
            },
        ),
        migrations.RunPython(grant_view, migrations.RunPython.noop),
    ]
