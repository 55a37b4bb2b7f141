"""One evaluator per `RiskRule.Condition`: did the rule fire for this subject, and why.

Every parameter (amount, count, hours, window, signal and level) comes from the rule row;
`PARAMETERS` says which ones a condition needs and `EVENTS` at which events it can fire, so the
admin form and the engine agree. A rule missing a parameter it needs never fires.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

import phonenumbers

from payments import selectors as payment_selectors
from risk import selectors as risk_selectors
from risk.models import LEVEL_ORDER, EvidenceLevel, RiskAssessment, RiskRule
from risk.subject import Subject, display_amount, payment_amount

C = RiskRule.Condition
E = RiskAssessment.Event

THRESHOLD, WINDOW, SIGNAL = "threshold", "window_minutes", "signal"

PARAMETERS: dict[str, frozenset[str]] = {
    C.AMOUNT_AT_LEAST: frozenset({THRESHOLD}),
    C.PAYMENTS_IN_WINDOW: frozenset({THRESHOLD, WINDOW}),
    C.ACCOUNT_YOUNGER_THAN: frozenset({THRESHOLD}),
    C.NEW_COUNTERPARTY_PHONE: frozenset(),
    C.SIGNAL_AT_LEAST: frozenset({SIGNAL}),
    C.PHONE_COUNTRY_MISMATCH: frozenset(),
    C.NEW_DEVICE: frozenset(),
    C.SIGN_INS_IN_WINDOW: frozenset({THRESHOLD, WINDOW}),
}

# Where a condition can fire. An account is always younger than any age at its own signup,
# and there is no payment, device or sign-in history to look at then.
EVENTS: dict[str, frozenset[str]] = {
    C.AMOUNT_AT_LEAST: frozenset({E.PAYMENT}),
    C.PAYMENTS_IN_WINDOW: frozenset({E.PAYMENT}),
    C.ACCOUNT_YOUNGER_THAN: frozenset({E.SIGN_IN, E.PAYMENT}),
    C.NEW_COUNTERPARTY_PHONE: frozenset({E.PAYMENT}),
    C.SIGNAL_AT_LEAST: frozenset({E.SIGNUP, E.SIGN_IN, E.PAYMENT}),
    C.PHONE_COUNTRY_MISMATCH: frozenset({E.SIGNUP, E.SIGN_IN, E.PAYMENT}),
    C.NEW_DEVICE: frozenset({E.SIGN_IN, E.PAYMENT}),
    C.SIGN_INS_IN_WINDOW: frozenset({E.SIGN_IN, E.PAYMENT}),
}


@dataclass(frozen=True)
class Result:
    fired: bool
    detail: str  # short and human: it becomes a reason when the rule counts
    # For staff: the value the rule looked at and the limit it was held to, which read as one
    # comparison ("amount 800.00 USD" "≥ 250.00 USD"); empty where there is no threshold.
    observed: str = ""
    limit: str = ""


def missing_parameters(rule: RiskRule) -> list[str]:
    needed = PARAMETERS[rule.condition]
    missing = []
    if THRESHOLD in needed and rule.threshold is None:
        missing.append("threshold")
    if WINDOW in needed and not rule.window_minutes:
        missing.append("window")
    if SIGNAL in needed and not (rule.signal_key and rule.signal_level):
        missing.append("signal and level")
    return missing


def _number(value: Decimal) -> str:
    """A threshold as an analyst typed it: 10, 1.5, 750."""
    return f"{value.normalize():f}"


def _window(rule: RiskRule, subject: Subject):
    """(since, until) of the rule's window ending at the subject's time, both included."""
    return subject.at - timedelta(minutes=rule.window_minutes), subject.at


def _count_at_least(rule: RiskRule, count: int, noun: str) -> Result:
    return Result(
        count >= rule.threshold,
        f"{count} {noun} in {rule.window_minutes} minutes (rule: at least "
        f"{_number(rule.threshold)})",
        observed=f"{count} {noun} in {rule.window_minutes} minutes",
        limit=f"≥ {_number(rule.threshold)}",
    )


def _age(hours: Decimal) -> str:
    """An enrollment's age as a person says it: minutes under an hour, else hours."""
    minutes = int(hours * 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} minute{'' if minutes == 1 else 's'}"
    return f"{hours:.1f} hours"


def amount_at_least(rule: RiskRule, subject: Subject) -> Result:
    amount = payment_amount(subject.payment)
    fired = amount >= rule.threshold
    relation = "at least" if fired else "below"
    threshold = rule.threshold.quantize(amount)  # in the currency's decimal places
    shown = display_amount(subject.payment)
    return Result(
        fired,
        f"Amount {shown} is {relation} {threshold}",
        observed=f"amount {shown}",
        limit=f"{'≥' if fired else '<'} {threshold} {subject.payment.currency}",
    )


def payments_in_window(rule: RiskRule, subject: Subject) -> Result:
    since, until = _window(rule, subject)
    count = payment_selectors.initiated_count(
        provider_id=subject.provider_id,
        participant_id=subject.participant_id,
        since=since,
        until=until,
    )
    return _count_at_least(rule, count, "payments")


def account_younger_than(rule: RiskRule, subject: Subject) -> Result:
    hours = Decimal((subject.at - subject.enrollment.created_on).total_seconds()) / 3600
    fired = hours < rule.threshold
    return Result(
        fired,
        f"Enrolled {_age(hours)} ago (rule: less than {_number(rule.threshold)} hours)",
        observed=f"enrolled {_age(hours)} before",
        limit=f"{'<' if fired else '≥'} {_number(rule.threshold)} hours",
    )


def new_counterparty_phone(rule: RiskRule, subject: Subject) -> Result:
    payment = subject.payment
    seen = payment_selectors.addressed_before(
        provider_id=subject.provider_id,
        participant_id=subject.participant_id,
        phone=payment.counterparty_phone,
        excluding_payment_id=payment.pk,
    )
    if seen:
        return Result(False, f"Paid {payment.counterparty_phone} before")
    return Result(True, f"First payment to {payment.counterparty_phone}")


def signal_at_least(rule: RiskRule, subject: Subject) -> Result:
    value = subject.signals.get(rule.signal_key, EvidenceLevel.UNKNOWN)
    fired = value in LEVEL_ORDER and LEVEL_ORDER.index(value) >= LEVEL_ORDER.index(
        rule.signal_level
    )
    return Result(
        fired,
        f"{rule.signal_key} is {value} (rule: at least {rule.signal_level})",
        observed=f"level {value.replace('_', ' ')}",
        limit=f"{'≥' if fired else '<'} {rule.signal_level.replace('_', ' ')}",
    )


def _calling_code(e164: str) -> int | None:
    try:
        return phonenumbers.parse(e164).country_code
    except phonenumbers.NumberParseException:
        return None


def phone_country_mismatch(rule: RiskRule, subject: Subject) -> Result:
    """Compared by calling code: countries that share one (+1: the US, Canada, …) match."""
    country = (subject.enrollment.country or "").upper()
    expected = phonenumbers.country_code_for_region(country) if country else 0
    phones = subject.phones
    if phones is None:
        phones = subject.enrollment.phones.filter(disabled_on__isnull=True).values_list(
            "e164", flat=True
        )
    if not expected or not phones:
        return Result(False, "No address country or no phone to compare")
    codes = {_calling_code(e164) for e164 in phones}
    if expected in codes:
        return Result(False, f"A phone is in {country} (+{expected})")
    shown = ", ".join(sorted(f"+{code}" for code in codes if code))
    return Result(True, f"No phone in the address country {country} (+{expected}); phones: {shown}")


def new_device(rule: RiskRule, subject: Subject) -> Result:
    """New when the participant's assessments never observed its identifier. A device sent
    without one is compared by what it says it is (type, model, OS) with the participant's
    own devices only: a weaker match, but it never links one person to another."""
    device = subject.device
    if device is not None and device.device_id:
        seen = risk_selectors.device_id_seen(
            participant_id=subject.participant_id, device_id=device.device_id
        )
    elif device is not None and device.described:
        seen = risk_selectors.device_seen(
            participant_id=subject.participant_id,
            device_type=device.device_type,
            model=device.model,
            os=device.os,
        )
    else:
        return Result(False, "No device identified")
    if seen:
        return Result(False, f"Known device: {device.label}")
    return Result(True, f"New device: {device.label}")


def sign_ins_in_window(rule: RiskRule, subject: Subject) -> Result:
    since, until = _window(rule, subject)
    count = risk_selectors.sign_in_count(
        participant_id=subject.participant_id, since=since, until=until
    )
    if subject.event == E.SIGN_IN:
        count += 1  # this one, not recorded yet
    return _count_at_least(rule, count, "sign-ins")


EVALUATORS: dict[str, Callable[[RiskRule, Subject], Result]] = {
    C.AMOUNT_AT_LEAST: amount_at_least,
    C.PAYMENTS_IN_WINDOW: payments_in_window,
    C.ACCOUNT_YOUNGER_THAN: account_younger_than,
    C.NEW_COUNTERPARTY_PHONE: new_counterparty_phone,
    C.SIGNAL_AT_LEAST: signal_at_least,
    C.PHONE_COUNTRY_MISMATCH: phone_country_mismatch,
    C.NEW_DEVICE: new_device,
    C.SIGN_INS_IN_WINDOW: sign_ins_in_window,
}


def evaluate(rule: RiskRule, subject: Subject) -> Result:
    """Whether the rule fires for the subject; a rule that cannot apply does not fire."""
    missing = missing_parameters(rule)
    if missing:
        return Result(False, f"Not evaluated: {', '.join(missing)} not set")
    if subject.event not in EVENTS[rule.condition]:
        return Result(False, f"Does not apply at {subject.event}")
    return EVALUATORS[rule.condition](rule, subject)
