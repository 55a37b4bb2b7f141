"""The analysts' permission groups: "Risk analyst" acts on reviews and edits the risk rules;
"Auditor" reads the same screens and changes nothing."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

REVIEW_MODELS_ACTED_ON = ("participantreview", "paymentreview")
RISK_DATA = ("riskrule", "risklistentry", "riskallowlistentry")
READ_ONLY = (
    ("reviews", "reviewnote"),
    ("reviews", "reviewcommand"),
    ("reviews", "riskassessment"),
    ("reviews", "deviceobservation"),
    ("participants", "participant"),
    ("participants", "enrollment"),
    ("payments", "payment"),
    ("limits", "limitgroup"),
    ("limits", "limitgroupmembership"),
)


def _analyst_codenames():
    names = [
        ("reviews", f"{action}_{model}")
        for model in REVIEW_MODELS_ACTED_ON
        for action in ("view", "change")
    ]
    names += [
        ("reviews", f"{action}_{model}")
        for model in RISK_DATA
        for action in ("view", "add", "change", "delete")
    ]
    names += [("reviews", "view_riskpolicy"), ("reviews", "change_riskpolicy")]
    names += [(app, f"view_{model}") for app, model in READ_ONLY]
    return names


def _auditor_codenames():
    models = [*REVIEW_MODELS_ACTED_ON, *RISK_DATA, "riskpolicy"]
    return [("reviews", f"view_{model}") for model in models] + [
        (app, f"view_{model}") for app, model in READ_ONLY
    ]


def create_groups(apps, schema_editor):
    # Permissions are normally created after the last migration; these groups need them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in (
        ("Risk analyst", _analyst_codenames()),
        ("Auditor", _auditor_codenames()),
    ):
        group, _ = Group.objects.get_or_create(name=name)
        for app_label, codename in codenames:
            group.permissions.add(
                Permission.objects.get(content_type__app_label=app_label, codename=codename)
            )


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=("Risk analyst", "Auditor")).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0002_risk_rules_lists_policy"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("participants", "0001_initial"),
        ("payments", "0002_cancel_on_authorize"),
        ("limits", "0002_ceilings_policies_overrides"),
    ]

    operations = [migrations.RunPython(create_groups, remove_groups)]
