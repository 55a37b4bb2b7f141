"""The other-party index of the entries gains the page order (createdOn, paymentID newest
first), so a q naming a participant walks it in order and stops after a page
(payments.selectors, common.branches). The new index is built before the old one goes."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("payments", "0003_partitioned_status_history"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="paymententry",
            index=models.Index(
                condition=models.Q(("is_primary", True)),
                fields=["provider", "other_participant_id", "-created_on", "-payment"],
                name="payment_entry_other_party_page",
            ),
        ),
        migrations.RemoveIndex(
            model_name="paymententry",
            name="payment_entry_other_party",
        ),
    ]
