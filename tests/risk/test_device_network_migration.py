"""Observations recorded with an address before the network column get their network when
risk 0009 runs; those without an address keep none."""

import importlib

import pytest
from django.apps import apps

from risk.models import DeviceObservation
from tests.payments.factories import enroll
from tests.risk.factories import assessment

pytestmark = pytest.mark.django_db

fill_networks = importlib.import_module("risk.migrations.0010_device_network").fill_networks


def test_the_migration_fills_the_network_of_every_observed_address(provider):
    alice = enroll(provider.provider)
    found = assessment(provider_id=provider.id, participant_id=alice.participant_id)
    v4, v6, none = (
        DeviceObservation.objects.create(assessment=found, ip_address=address)
        for address in ("198.51.100.23", "2001:db8:5:6::9", None)
    )
    fill_networks(apps, None)
    networks = {o.pk: o.network for o in DeviceObservation.objects.all()}
    assert networks == {v4.pk: "198.51.100.0/24", v6.pk: "2001:db8:5:6::/64", none.pk: ""}
