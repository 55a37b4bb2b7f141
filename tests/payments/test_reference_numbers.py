"""A new payment's reference number: a draw already taken is drawn again, in the same
transaction and without failing it; a run of taken draws fails the creation whole."""

import itertools

import pytest
from django.db import IntegrityError

from payments.models import Payment
from payments.services import core
from tests.payments.factories import enroll, new_payout

pytestmark = pytest.mark.django_db


def _draws(monkeypatch, *numbers):
    drawn = itertools.chain(numbers, iter(lambda: "FRESH0000001", None))
    monkeypatch.setattr(core, "new_reference_number", lambda: next(drawn))


def test_a_taken_reference_number_is_drawn_again(provider, monkeypatch):
    sender = enroll(provider.provider)
    first = new_payout(provider.provider, sender)
    _draws(monkeypatch, first.reference_number, first.reference_number)

    second = new_payout(provider.provider, sender)

    assert second.reference_number == "FRESH0000001"
    assert Payment.objects.get(pk=second.pk).reference_number == "FRESH0000001"
    assert Payment.objects.filter(reference_number=first.reference_number).count() == 1


def test_only_taken_draws_fail_the_creation_and_write_nothing(provider, monkeypatch):
    sender = enroll(provider.provider)
    first = new_payout(provider.provider, sender)
    _draws(monkeypatch, *[first.reference_number] * core._REFERENCE_ATTEMPTS)

    with pytest.raises(IntegrityError, match="reference number"):
        new_payout(provider.provider, sender)

    assert list(Payment.objects.values_list("pk", flat=True)) == [first.pk]
