"""The network of each observed address (its /24 or /64 as text), for "shared network" links:
the column, the observations recorded with an address before it filled in, and its index
(built concurrently on PostgreSQL, so recording assessments does not wait for it)."""

from django.db import migrations, models

from common.devices import network_of
from common.index_operations import AddIndexConcurrently

BATCH = 1000


def fill_networks(apps, schema_editor):
    observations = apps.get_model("risk", "DeviceObservation")
    last = 0
    while True:
        batch = list(
            observations.objects.filter(pk__gt=last, ip_address__isnull=False, network="")
            .order_by("pk")
            .only("pk", "ip_address")[:BATCH]
        )
        if not batch:
            return
        for observation in batch:
            observation.network = network_of(observation.ip_address)
        observations.objects.bulk_update(batch, ["network"])
        last = batch[-1].pk


class Migration(migrations.Migration):
    atomic = False  # a concurrent index build runs outside a transaction

    dependencies = [
        ("risk", "0009_backtest_run_lease"),
    ]

    operations = [
        migrations.AddField(
            model_name="deviceobservation",
            name="network",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
        migrations.RunPython(fill_networks, migrations.RunPython.noop, elidable=True),
        AddIndexConcurrently(
            model_name="deviceobservation",
            index=models.Index(
                condition=models.Q(("network", ""), _negated=True),
                fields=["network", "-observed_on"],
                name="device_observation_network",
            ),
        ),
    ]
