"""The other-party index of the entries gains the page order (createdOn, paymentID newest
first), so a q naming a participant walks it in order and stops after a page
(payments.selectors, common.branches). The new index is built before the old one goes, both
concurrently on PostgreSQL (common.index_operations): payouts keep being written meanwhile."""

from django.db import migrations, models

from common.index_operations import AddIndexConcurrently, RemoveIndexConcurrently


class Migration(migrations.Migration):
    atomic = False  # PostgreSQL builds and drops indexes concurrently only outside one

    dependencies = [
        ("payments", "0003_partitioned_status_history"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="paymententry",
            index=models.Index(
                condition=models.Q(("is_primary", True)),
                fields=["provider", "other_participant_id", "-created_on", "-payment"],
                name="payment_entry_other_party_page",
            ),
        ),
        RemoveIndexConcurrently(
            model_name="paymententry",
            name="payment_entry_other_party",
        ),
    ]
