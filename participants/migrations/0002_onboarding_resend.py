"""When a pending participant's onboarding was last handed over again, and the index the
onboarding sweep reads pending participants by, built concurrently on PostgreSQL
(common.index_operations): participants keep being created meanwhile."""

from django.db import migrations, models

from common.index_operations import AddIndexConcurrently


class Migration(migrations.Migration):
    atomic = False  # PostgreSQL builds an index concurrently only outside a transaction

    dependencies = [
        ("participants", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="participant",
            name="onboarding_resent_on",
            field=models.DateTimeField(blank=True, null=True),
        ),
        AddIndexConcurrently(
            model_name="participant",
            index=models.Index(
                condition=models.Q(("status", "pending")),
                fields=["created_on"],
                name="participant_pending",
            ),
        ),
    ]
