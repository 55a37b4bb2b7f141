"""Reads of ledger registrations, calls and attempts."""

from django.db.models import QuerySet

from ledger.models import CallbackAttempt, LedgerCall, LedgerRegistration


def find_registration(provider_id: str) -> LedgerRegistration | None:
    return LedgerRegistration.objects.filter(provider_id=provider_id).first()


def calls_for_payout(payout_id: str) -> QuerySet[LedgerCall]:
    return LedgerCall.objects.filter(payout_id=payout_id).order_by("created_on", "id")


def attempts_for_payout(payout_id: str) -> QuerySet[CallbackAttempt]:
    return CallbackAttempt.objects.filter(payout_id=payout_id).order_by("started_on", "id")
