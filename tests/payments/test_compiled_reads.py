"""The reads a payout's creation and its ledger outcome make on every payout are compiled once
(common.compiled) on PostgreSQL. Each is held here to the ORM queryset it replaced: the same
rows, fields and parties, the same answer when nothing matches."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from common.errors import NotFound
from common.locking import lock_or_404
from ledger.models import LedgerCall
from ledger.services import delivery as ledger_delivery
from participants.models import FundingSource
from participants.selectors import enrollments_for
from payments.models import FundingAttempt, Operation, Payout
from payments.services import checks, core, ledger_outcomes
from risk import selectors as risk_selectors
from risk.models import RiskAllowlistEntry, RiskPolicy, RiskRule
from risk.policy import POLICY_ID
from tests.payments.factories import enroll, new_payout
from tests.risk.rules import allowlist, rule

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


def _same(found, expected) -> None:
    assert (found is None) == (expected is None)
    if found is not None:
        assert type(found) is type(expected) and _fields(found) == _fields(expected)


def test_the_senders_lock_and_default_source(provider):
    alice = enroll(provider.provider, external_id="alice")
    FundingSource.objects.filter(enrollment=alice).update(created_on=timezone.now())
    with transaction.atomic():
        for field, ref in (("external_id", "alice"), ("participant_id", alice.participant_id)):
            found = checks.locked_enrollment(provider.id, ref)
            expected = lock_or_404(enrollments_for(provider.id).filter(**{field: ref}), "x")
            _same(found, expected)
            _same(found.participant, expected.participant)
        with pytest.raises(NotFound):
            checks.locked_enrollment(provider.id, "nobody")
    expected = (
        FundingSource.objects.filter(enrollment=alice, disabled_on__isnull=True)
        .order_by("-created_on", "-id")
        .first()
    )
    _same(checks.default_source(alice), expected)
    FundingSource.objects.filter(enrollment=alice).update(disabled_on=timezone.now())
    assert checks.default_source(alice) is None


def test_the_outcomes_payout_operation_attempt_and_call(provider):
    alice = enroll(provider.provider, external_id="alice")
    payout = new_payout(provider.provider, alice)
    with transaction.atomic():
        found = ledger_outcomes._LOCKED_PAYOUT.first(payout.pk)
        expected = (
            Payout.objects.select_for_update(of=("self",))
            .select_related(*ledger_outcomes.PARTY_LINKS)
            .get(pk=payout.pk)
        )
        _same(found, expected)
        for link in ledger_outcomes.PARTY_LINKS:
            _same(getattr(found, link), getattr(expected, link))
        assert ledger_outcomes._LOCKED_PAYOUT.first("po_nobody") is None
        for op_type in (Operation.Type.AUTHORIZE, Operation.Type.CAPTURE):
            operation = core.open_operation(found, op_type)
            _same(
                operation,
                found.operations.filter(
                    type=op_type,
                    status__in=(Operation.Status.RESERVED, Operation.Status.PENDING),
                )
                .order_by("-created_on", "-id")
                .first(),
            )
            assert operation is None or operation.payment is found
        for status in FundingAttempt.Status.values:
            attempt = ledger_outcomes._last_attempt(found, status)
            _same(attempt, found.funding_attempts.filter(status=status).last())
        assert ledger_outcomes._last_attempt(found, FundingAttempt.Status.PENDING) is not None
        call = LedgerCall.objects.filter(payout_id=payout.pk).first()
        _same(ledger_delivery._locked_call(call.pk), LedgerCall.objects.get(pk=call.pk))
        with pytest.raises(LedgerCall.DoesNotExist):
            ledger_delivery._locked_call("lc_nobody")


def test_the_screenings_policy_rules_and_allowlist(provider):
    alice = enroll(provider.provider)
    _same(risk_selectors.get_policy(), RiskPolicy.objects.get(pk=POLICY_ID))
    rule(
        RiskRule.Condition.SIGNAL_AT_LEAST,
        events=("signup", "sign_in"),
        signal="emailLevel",
        level="high",
    )
    for event in ("signup", "sign_in", "payment"):
        flag = {"signup": "on_signup", "sign_in": "on_sign_in", "payment": "on_payment"}[event]
        found = risk_selectors.enabled_rules(event)
        expected = list(RiskRule.objects.filter(enabled=True, **{flag: True}).order_by("rule_id"))
        assert [_fields(r) for r in found] == [_fields(r) for r in expected] and expected
    now = timezone.now()
    assert risk_selectors.allowlisted_rule_ids(participant_id=alice.participant_id, at=now) == (
        False,
        set(),
    )
    some = RiskRule.objects.order_by("rule_id").first()
    allowlist(alice, some, expires_on=now + timedelta(hours=1))
    allowlist(alice, RiskRule.objects.order_by("-rule_id").first(), expires_on=now)
    assert risk_selectors.allowlisted_rule_ids(participant_id=alice.participant_id, at=now) == (
        False,
        {some.rule_id},
    )
    allowlist(alice)  # every rule
    every, ids = risk_selectors.allowlisted_rule_ids(participant_id=alice.participant_id, at=now)
    assert every and ids == {some.rule_id}
    assert RiskAllowlistEntry.objects.count() == 3
    RiskPolicy.objects.all().delete()
    with pytest.raises(RiskPolicy.DoesNotExist):
        risk_selectors.get_policy()


def test_the_screenings_history_counts(provider):
    from payments import selectors as payment_selectors
    from payments.models import PaymentEntry

    alice = enroll(provider.provider, external_id="alice")
    first = new_payout(provider.provider, alice, recipient_phone="+14155550123")
    new_payout(provider.provider, alice, recipient_phone="+14155550124")
    now = timezone.now()
    mine = PaymentEntry.objects.filter(
        provider_id=provider.id, participant_id=alice.participant_id, role="initiator"
    )
    for since in (now - timedelta(hours=1), now + timedelta(hours=1)):
        assert (
            payment_selectors.initiated_count(
                provider_id=provider.id, participant_id=alice.participant_id, since=since, until=now
            )
            == mine.filter(created_on__gte=since, created_on__lte=now).count()
        )
    for phone, excluding, expected in (
        ("+14155550123", first.pk, False),
        ("+14155550123", "po_other", True),
        ("+14155550124", first.pk, True),
        ("+14155550199", "po_other", False),
    ):
        assert (
            payment_selectors.addressed_before(
                provider_id=provider.id,
                participant_id=alice.participant_id,
                phone=phone,
                excluding_payment_id=excluding,
            )
            is expected
            is mine.filter(payment__counterparty_phone=phone).exclude(payment_id=excluding).exists()
        )
