"""The risk models now belong to the risk app (`risk.0001` took them over, tables and rows
as they are): the reviews' foreign keys point at them there, the reviews' copies leave the
state, and their content types move from `reviews` to `risk`.

Moving the content type rows (not making new ones) keeps their IDs, so every permission
(the "Risk analyst" and "Auditor" groups', a user's own) and every admin history entry that
points at them keeps pointing at the same model. Nothing else in the database changes.
"""

import django.db.models.deletion
from django.db import migrations, models

MOVED = (
    "riskpolicy",
    "riskrule",
    "risklistentry",
    "riskallowlistentry",
    "riskassessment",
    "deviceobservation",
)


def _move_content_types(apps, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    LogEntry = apps.get_model("admin", "LogEntry")
    for model in MOVED:
        old = ContentType.objects.filter(app_label=source, model=model).first()
        if old is None:
            continue  # never made (e.g. a database that never ran post_migrate): nothing held
        new = ContentType.objects.filter(app_label=target, model=model).first()
        if new is not None:
            # Made meanwhile by post_migrate for the target app: the old row is the one
            # permissions and history were given. Keep what only the new one has, drop it.
            held = set(Permission.objects.filter(content_type=old).values_list("codename"))
            for permission in Permission.objects.filter(content_type=new):
                if (permission.codename,) in held:
                    permission.delete()
                else:
                    permission.content_type = old
                    permission.save(update_fields=["content_type"])
            LogEntry.objects.filter(content_type=new).update(content_type=old)
            new.delete()
        old.app_label = target
        old.save(update_fields=["app_label"])


def forwards(apps, schema_editor):
    _move_content_types(apps, "reviews", "risk")


def backwards(apps, schema_editor):
    _move_content_types(apps, "risk", "reviews")


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0007_payment_review_assignee_notes"),
        ("risk", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("admin", "0003_logentry_add_action_flag_choices"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="participantreviewassessment",
                    name="assessment",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, to="risk.riskassessment"
                    ),
                ),
                migrations.AlterField(
                    model_name="paymentreview",
                    name="assessment",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="payment_reviews",
                        to="risk.riskassessment",
                    ),
                ),
                migrations.AlterField(
                    model_name="participantreview",
                    name="assessments",
                    field=models.ManyToManyField(
                        related_name="participant_reviews",
                        through="reviews.ParticipantReviewAssessment",
                        to="risk.riskassessment",
                    ),
                ),
                migrations.DeleteModel(name="DeviceObservation"),
                migrations.DeleteModel(name="RiskAllowlistEntry"),
                migrations.DeleteModel(name="RiskAssessment"),
                migrations.DeleteModel(name="RiskRule"),
                migrations.DeleteModel(name="RiskListEntry"),
                migrations.DeleteModel(name="RiskPolicy"),
            ],
            database_operations=[],
        ),
        migrations.RunPython(forwards, backwards),
    ]
