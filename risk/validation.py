"""What makes a rule or a list entry usable beyond its column types: a rule's parameters and
events fit its condition, and a list value is stored in the form the engine compares (and is
not listed already in another case). The models' `clean()` calls these, so the admin forms
and the services (`full_clean`) check the same rules, once each."""

import re

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from participants.validators import is_country
from risk import conditions
from risk.list_keys import match_key
from risk.models import RiskAssessment, RiskListEntry, RiskRule

EVENT_FIELDS = {
    RiskAssessment.Event.SIGNUP: "on_signup",
    RiskAssessment.Event.SIGN_IN: "on_sign_in",
    RiskAssessment.Event.PAYMENT: "on_payment",
}
# Conditions whose threshold is a count, not an amount or hours.
COUNT_CONDITIONS = (RiskRule.Condition.PAYMENTS_IN_WINDOW, RiskRule.Condition.SIGN_INS_IN_WINDOW)


def check_rule(rule: RiskRule) -> None:
    """ValidationError (by field) unless the rule's parameters and events fit its condition."""
    if rule.condition not in conditions.PARAMETERS:
        return  # the field's own choices report it
    errors: dict[str, list[str]] = {}
    _check_parameters(rule, errors)
    _check_events(rule, errors)
    if errors:
        raise ValidationError(errors)


def _check_parameters(rule: RiskRule, errors: dict) -> None:
    needed = conditions.PARAMETERS[rule.condition]
    label = RiskRule.Condition(rule.condition).label
    for name, field_names in (
        (conditions.THRESHOLD, ["threshold"]),
        (conditions.WINDOW, ["window_minutes"]),
        (conditions.SIGNAL, ["signal_key", "signal_level"]),
    ):
        for field_name in field_names:
            given = getattr(rule, field_name) not in (None, "")
            if name in needed and not given:
                errors.setdefault(field_name, []).append(f"Required by “{label}”.")
            elif name not in needed and given:
                errors.setdefault(field_name, []).append(f"Not used by “{label}”: leave it empty.")
    threshold = rule.threshold
    if conditions.THRESHOLD in needed and threshold is not None:
        if threshold <= 0:
            errors.setdefault("threshold", []).append("Must be greater than zero.")
        elif rule.condition in COUNT_CONDITIONS and threshold != threshold.to_integral_value():
            errors.setdefault("threshold", []).append("A count: give a whole number.")
    if conditions.WINDOW in needed and rule.window_minutes == 0:
        errors.setdefault("window_minutes", []).append("Must be at least one minute.")


def _check_events(rule: RiskRule, errors: dict) -> None:
    chosen = [event for event, field_name in EVENT_FIELDS.items() if getattr(rule, field_name)]
    if not chosen:
        errors.setdefault(NON_FIELD_ERRORS, []).append(
            "Choose at least one event to evaluate the rule at."
        )
    possible = conditions.EVENTS[rule.condition]
    for event in chosen:
        if event not in possible:
            errors.setdefault(EVENT_FIELDS[event], []).append(
                f"This condition cannot fire at {RiskAssessment.Event(event).label}."
            )


_PHONE_PREFIX = re.compile(r"^\+[0-9]{1,15}\Z")
_DOMAIN = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+\Z")
Kind = RiskListEntry.Kind


def normalized(kind: str, value: str) -> str:
    """The value as the engine compares it; ValidationError when it cannot be one."""
    value = value.strip()
    if kind == Kind.COUNTRY:
        value = value.upper()
        if not is_country(value):
            raise ValidationError("An ISO 3166-1 alpha-2 country code, e.g. KP.")
    elif kind == Kind.EMAIL_DOMAIN:
        value = value.lower().lstrip("@")
        if not _DOMAIN.match(value):
            raise ValidationError("A domain such as mailinator.com.")
    elif kind == Kind.EMAIL:
        value = value.lower()
        if value.count("@") != 1 or not all(value.split("@")):
            raise ValidationError("An email address.")
    elif kind == Kind.PHONE_PREFIX:
        value = re.sub(r"[\s()-]", "", value)
        if not _PHONE_PREFIX.match(value):
            raise ValidationError("A + and 1 to 15 digits, e.g. +882.")
    else:  # names: kept as given (single spaces), compared by their canonical form
        value = " ".join(value.split())
        if not match_key(kind, value):
            raise ValidationError("A full name.")
    return value


def clean_list_entry(entry: RiskListEntry) -> None:
    """Put the entry's value in the form the engine compares; ValidationError on `value` when
    it cannot be one or is listed already in a form that compares the same (another case;
    for a name, other accents, invisible characters or look-alike letters)."""
    entry.country = (entry.country or "").strip().upper()
    if entry.kind not in Kind.values or not entry.value:
        return  # the fields' own checks report it
    try:
        entry.value = normalized(entry.kind, entry.value)
    except ValidationError as error:
        raise ValidationError({"value": error.messages}) from None
    entry.match_key = match_key(entry.kind, entry.value)
    duplicate = (
        RiskListEntry.objects.filter(kind=entry.kind, match_key=entry.match_key)
        .exclude(pk=entry.pk)
        .values_list("value", flat=True)
        .first()
    )
    if duplicate is not None:
        raise ValidationError({"value": f"This value is already on the list as “{duplicate}”."})
