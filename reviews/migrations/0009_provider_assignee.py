"""A participant review's assignee named by the provider over the API moves to its own column
(`provider_assignee_id`): it was stored with the admin's staff user IDs, and a provider naming
"1" showed its review as assigned to user 1. An assignee is the provider's when the review's
latest applied `assign` command named it and no admin assignment came after that command
(the admin writes each one to its history, "Assigned to …"); any other stays a staff user's."""

from django.db import migrations, models
from django.db.models import Q


def split_assignees(apps, schema_editor):
    ParticipantReview = apps.get_model("reviews", "ParticipantReview")
    ReviewCommand = apps.get_model("reviews", "ReviewCommand")
    LogEntry = apps.get_model("admin", "LogEntry")
    ContentType = apps.get_model("contenttypes", "ContentType")
    content_type = ContentType.objects.filter(app_label="reviews", model="participantreview")
    assigned = ParticipantReview.objects.exclude(assignee_user_id="")
    for review in assigned.only("pk", "assignee_user_id").iterator():
        command = (
            ReviewCommand.objects.filter(review_id=review.pk, kind="assign", status="applied")
            .exclude(applied_on=None)
            .order_by("-applied_on")
            .first()
        )
        if command is None or command.payload.get("assigneeUserID") != review.assignee_user_id:
            continue
        admin_after = LogEntry.objects.filter(
            content_type__in=content_type,
            object_id=review.pk,
            change_message__startswith="Assigned to",
            action_time__gte=command.applied_on,
        )
        if not admin_after.exists():
            ParticipantReview.objects.filter(pk=review.pk).update(
                provider_assignee_id=review.assignee_user_id, assignee_user_id=""
            )


def join_assignees(apps, schema_editor):
    ParticipantReview = apps.get_model("reviews", "ParticipantReview")
    for review in ParticipantReview.objects.exclude(provider_assignee_id="").iterator():
        ParticipantReview.objects.filter(pk=review.pk).update(
            assignee_user_id=review.provider_assignee_id, provider_assignee_id=""
        )


class Migration(migrations.Migration):
    dependencies = [
        ("reviews", "0008_risk_models_moved_to_risk"),
        ("admin", "0003_logentry_add_action_flag_choices"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AddField(
            model_name="participantreview",
            name="provider_assignee_id",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.RunPython(split_assignees, join_assignees),
        migrations.AddConstraint(
            model_name="participantreview",
            constraint=models.CheckConstraint(
                condition=Q(assignee_user_id="") | Q(provider_assignee_id=""),
                name="participant_review_one_assignee",
            ),
        ),
    ]
