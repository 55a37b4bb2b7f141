"""The paymentID filter is served by payment_entry_one_primary (a payment has one primary entry
a provider), so payment_entry_payment_id, the same columns plus the creation time, only cost
every entry's insert and every status change one more B-tree to write."""

from django.db import migrations

from common.index_operations import RemoveIndexConcurrently


class Migration(migrations.Migration):
    atomic = False

    dependencies = [("payments", "0005_search_by_party")]

    operations = [
        RemoveIndexConcurrently(model_name="paymententry", name="payment_entry_payment_id"),
    ]
