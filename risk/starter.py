"""The starter risk rules and a few example list entries (see
docs/decisions/risk-starter-rules.md): what a new database begins with (migration 0004), and
what the demo seed installs on a database that has no rule at all. Analysts change all of it
in the admin; amounts are in the platform currency's major units.

With these rules a brand-new participant sending a small amount to a new phone scores 30
(allow); a new account sending 250.00 or more to a new phone scores 50 (review). The two
amount tiers add up, the higher one adding more (750.00 or more: 50 and always a review).
"""

from decimal import Decimal

SIGNUP, SIGN_IN, PAYMENT = "signup", "sign_in", "payment"

# (ruleID, name, condition, events, parameters, points, outcome, description)
RULES = [
    (101, "Large payment", "amount_at_least", {PAYMENT}, {"threshold": 750}, 30, "review",
     "A payment this large is always looked at by a person."),
    (102, "Mid-size payment", "amount_at_least", {PAYMENT}, {"threshold": 250}, 20, "none",
     "Adds up with a new account or a new recipient."),
    (103, "New account", "account_younger_than", {PAYMENT}, {"threshold": 72}, 20, "none",
     "Enrolled less than three days ago: with a mid-size payment this reaches review."),
    (104, "Payment velocity", "payments_in_window", {PAYMENT},
     {"threshold": 10, "window_minutes": 60}, 40, "review",
     "Ten or more payments within an hour."),
    (105, "New counterparty phone", "new_counterparty_phone", {PAYMENT}, {}, 10, "none",
     "The first payment to this phone."),
    (106, "Sanctioned name", "signal_at_least", {SIGNUP, SIGN_IN, PAYMENT},
     {"signal_key": "sanctionLevel", "signal_level": "high"}, 100, "deny",
     "The full name is on a sanctions list."),
    (107, "Politically exposed person", "signal_at_least", {SIGNUP},
     {"signal_key": "pepLevel", "signal_level": "medium"}, 30, "review",
     "Enhanced due diligence at onboarding."),
    (108, "High-risk address country", "signal_at_least", {SIGNUP},
     {"signal_key": "addressRiskLevel", "signal_level": "high"}, 40, "review",
     "The address is in a country rated high or very high."),
    (109, "Phone and address countries differ", "phone_country_mismatch", {SIGNUP, PAYMENT},
     {}, 15, "none", "No phone has the calling code of the address country."),
    (110, "Risky phone range", "signal_at_least", {SIGNUP, PAYMENT},
     {"signal_key": "phoneLevel", "signal_level": "high"}, 20, "none",
     "A phone is in a range rated high (e.g. international networks)."),
    (111, "Disposable email domain", "signal_at_least", {SIGNUP},
     {"signal_key": "emailDomainLevel", "signal_level": "high"}, 20, "none",
     "An email is at a throwaway-mail domain."),
    (112, "Email on watch list", "signal_at_least", {SIGNUP, PAYMENT},
     {"signal_key": "emailLevel", "signal_level": "high"}, 50, "review",
     "An email address linked to earlier fraud."),
    (113, "New device at sign-in", "new_device", {SIGN_IN}, {}, 30, "none",
     "A device (type, model, OS) not seen for the participant before."),
    (114, "Sign-in burst", "sign_ins_in_window", {SIGN_IN},
     {"threshold": 5, "window_minutes": 10}, 40, "review",
     "Five or more sign-ins within ten minutes."),
]  # fmt: skip

# (kind, value, level, note)
LIST_ENTRIES = [
    ("country", "KP", "very_high", "Comprehensive sanctions"),
    ("country", "IR", "very_high", "Comprehensive sanctions"),
    ("country", "SY", "very_high", "Comprehensive sanctions"),
    ("country", "CU", "high", "Sanctions programme"),
    ("email_domain", "mailinator.com", "high", "Disposable email"),
    ("email_domain", "guerrillamail.com", "high", "Disposable email"),
    ("email_domain", "yopmail.com", "high", "Disposable email"),
    ("phone_prefix", "+882", "high", "International networks"),
    ("phone_prefix", "+883", "high", "International networks"),
]


def rule_values(row) -> dict:
    """A row of RULES as the rule's field values."""
    rule_id, name, condition, events, parameters, points, outcome, description = row
    values = {
        "rule_id": rule_id,
        "name": name,
        "description": description,
        "condition": condition,
        "on_signup": SIGNUP in events,
        "on_sign_in": SIGN_IN in events,
        "on_payment": PAYMENT in events,
        "points": points,
        "outcome": outcome,
        **parameters,
    }
    if "threshold" in values:
        values["threshold"] = Decimal(values["threshold"])
    return values


def entry_values(row) -> dict:
    """A row of LIST_ENTRIES (kind, value, level, note, and optionally a dict of the listed
    person's attributes: date_of_birth, country, role, source_list, listed_on) as the entry's
    field values."""
    kind, value, level, note, *attributes = row
    return {"kind": kind, "value": value, "level": level, "note": note, **dict(*attributes)}


def install(rule_model, entry_model, *, rules=RULES, entries=LIST_ENTRIES) -> None:
    """Add the rules and entries that are missing (by ruleID, and by kind and value); rows
    that exist are left as analysts made them. For the migration that seeds a new database
    (its historical models, which have no trail yet); anything later goes through
    `risk.services.install_missing`, which records each row it adds."""
    for row in rules:
        values = rule_values(row)
        rule_model.objects.get_or_create(rule_id=values.pop("rule_id"), defaults=values)
    for row in entries:
        values = entry_values(row)
        entry_model.objects.get_or_create(
            kind=values.pop("kind"), value=values.pop("value"), defaults=values
        )
