"""Customer evidence: the level the risk lists give each part of a participant's profile.

Every signal reads one kind of `RiskListEntry`. A value found on its list has the entry's
level; a value not listed is `low`; a signal with nothing to read (no email, no phone) is
`unknown`. Where the profile has several values (emails, phones) the riskiest one counts.
Comparisons ignore case; names also ignore repeated spaces.
"""

from dataclasses import dataclass, field

from django.db.models import Q
from django.db.models.functions import Lower

from risk import signals_sql
from risk.models import LEVEL_ORDER, EvidenceLevel, RiskListEntry, RiskRule

Key = RiskRule.SignalKey
Kind = RiskListEntry.Kind

# The contract's order of customerEvidence.signals.
SIGNAL_ORDER = (
    Key.ADDRESS_RISK_LEVEL,
    Key.EMAIL_DOMAIN_LEVEL,
    Key.EMAIL_LEVEL,
    Key.PEP_LEVEL,
    Key.PHONE_LEVEL,
    Key.SANCTION_LEVEL,
)


@dataclass(frozen=True)
class Profile:
    """What the signals read, taken from one enrollment (the provider's record)."""

    country: str
    emails: tuple[str, ...]
    phones: tuple[str, ...]  # E.164
    names: tuple[str, ...]  # the full name, with and without the middle name


def normalize_name(value: str) -> str:
    return " ".join(value.split()).lower()


def profile_of(enrollment) -> Profile:
    """The enrollment's address country, active emails and phones, and full name."""
    given, middle, family = enrollment.given_name, enrollment.middle_name, enrollment.family_name
    names = {normalize_name(f"{given} {family}"), normalize_name(f"{given} {middle} {family}")}
    if signals_sql.applies():
        emails, phones = signals_sql.active_contacts(enrollment.pk)
    else:
        emails = enrollment.emails.filter(disabled_on__isnull=True).values_list("email", flat=True)
        phones = enrollment.phones.filter(disabled_on__isnull=True).values_list("e164", flat=True)
    return Profile(
        country=(enrollment.country or "").upper(),
        emails=tuple(e.lower() for e in emails),
        phones=tuple(phones),
        names=tuple(sorted(names)),
    )


# What a list entry says of the listed person, as kept on the assessment: {key: field}.
ATTRIBUTES = {
    "dateOfBirth": "date_of_birth",
    "country": "country",
    "role": "role",
    "sourceList": "source_list",
    "listedOn": "listed_on",
}


def _listed(wanted_by_kind: dict[str, list[str]]) -> dict[str, dict[str, tuple[str, str, dict]]]:
    """{kind: {lower-cased value: (level, the entry as listed, its attributes)}} of the
    entries among each kind's candidates: one query for every kind a profile is read for."""
    wanted = {
        kind: {candidate.lower() for candidate in candidates if candidate}
        for kind, candidates in wanted_by_kind.items()
    }
    found: dict[str, dict] = {kind: {} for kind in wanted}
    if not any(wanted.values()):
        return found
    for kind, key, level, value, *attributes in _listed_rows(wanted):
        found[kind][key] = (
            level,
            value,
            {
                name: str(attribute)
                for name, attribute in zip(ATTRIBUTES, attributes, strict=True)
                if attribute
            },
        )
    return found


def _listed_rows(wanted: dict[str, set[str]]) -> list[tuple]:
    """(kind, lower-cased value, level, value, *ATTRIBUTES' fields) of the matching entries."""
    fields = ("level", "value", *ATTRIBUTES.values())
    if signals_sql.applies():
        return signals_sql.listed(wanted, fields)
    condition = Q()
    for kind, values in wanted.items():
        if values:
            condition |= Q(kind=kind, key__in=values)
    return list(
        RiskListEntry.objects.annotate(key=Lower("value"))
        .filter(condition)
        .values_list("kind", "key", *fields)
    )


@dataclass(frozen=True)
class Match:
    """What set a signal's level: the list entry, and how the profile's value met it."""

    entry: str
    how: str
    attributes: dict = field(default_factory=dict)  # what the entry says (ATTRIBUTES)


@dataclass(frozen=True)
class Signal:
    level: str
    match: Match | None = None  # None: nothing listed matched (low) or nothing to read


def _domain_suffixes(email: str) -> list[str]:
    """The email's domain and its parents, most specific first (never a bare TLD)."""
    domain = email.rpartition("@")[2]
    parts = domain.split(".")
    return [".".join(parts[i:]) for i in range(max(len(parts) - 1, 1))]


def riskiest(found: list[Signal]) -> Signal:
    return max(found, key=lambda signal: LEVEL_ORDER.index(signal.level))


def _most_specific(values, candidates_of, listed, how) -> Signal:
    """For each value, the level of its most specific listed candidate (low when none);
    the riskiest over the values; unknown when there are none."""
    if not values:
        return Signal(EvidenceLevel.UNKNOWN)
    per_value = {value: candidates_of(value) for value in values}
    found = []
    for value, candidates in per_value.items():
        hits = [c for c in candidates if c.lower() in listed]
        if hits:
            level, entry, _ = listed[hits[0].lower()]
            found.append(Signal(level, Match(entry, how(value, entry))))
        else:
            found.append(Signal(EvidenceLevel.LOW))
    return riskiest(found)


def _phone_prefixes(e164: str) -> list[str]:
    """Every prefix of the number that still has a digit, longest first."""
    return [e164[:end] for end in range(len(e164), 1, -1)]


def _exact(listed: dict, values, how: str) -> Signal:
    if not values:
        return Signal(EvidenceLevel.UNKNOWN)
    found = []
    for value in values:
        hit = listed.get(value.lower())
        found.append(
            Signal(hit[0], Match(hit[1], how, hit[2])) if hit else Signal(EvidenceLevel.LOW)
        )
    return riskiest(found)


EXACT_NAME = "exact name match (case and spacing ignored; no similarity matching)"


def read_signals(profile: Profile) -> dict[str, Signal]:
    """{signal key: Signal} in the contract's order, each with the list entry that set it."""
    countries = [profile.country] if profile.country else []
    listed = _listed(
        {
            Kind.COUNTRY: countries,
            Kind.EMAIL_DOMAIN: [d for email in profile.emails for d in _domain_suffixes(email)],
            Kind.EMAIL: list(profile.emails),
            Kind.PEP_NAME: list(profile.names),
            Kind.PHONE_PREFIX: [p for phone in profile.phones for p in _phone_prefixes(phone)],
            Kind.SANCTIONED_NAME: list(profile.names),
        }
    )
    return {
        Key.ADDRESS_RISK_LEVEL: _exact(listed[Kind.COUNTRY], countries, "address country"),
        Key.EMAIL_DOMAIN_LEVEL: _most_specific(
            profile.emails,
            _domain_suffixes,
            listed[Kind.EMAIL_DOMAIN],
            lambda email, entry: f"{email} is in the listed domain",
        ),
        Key.EMAIL_LEVEL: _exact(listed[Kind.EMAIL], profile.emails, "exact address"),
        Key.PEP_LEVEL: _exact(listed[Kind.PEP_NAME], profile.names, EXACT_NAME),
        Key.PHONE_LEVEL: _most_specific(
            profile.phones,
            _phone_prefixes,
            listed[Kind.PHONE_PREFIX],
            lambda phone, entry: f"{phone} starts with the listed prefix",
        ),
        Key.SANCTION_LEVEL: _exact(listed[Kind.SANCTIONED_NAME], profile.names, EXACT_NAME),
    }


def customer_signals(profile: Profile) -> dict[str, str]:
    """{signal key: level} in the contract's order."""
    return {key: signal.level for key, signal in read_signals(profile).items()}


def matches_of(signals: dict[str, Signal]) -> dict[str, dict]:
    """What staff see of each listed match: {signal key: {entry, how, level}}."""
    found = {}
    for key, signal in signals.items():
        if signal.match is None:
            continue
        found[str(key)] = {
            "entry": signal.match.entry,
            "how": signal.match.how,
            "level": str(signal.level),
        }
        if signal.match.attributes:
            found[str(key)]["attributes"] = signal.match.attributes
    return found


def as_evidence(signals: dict[str, str]) -> list[dict]:
    """customerEvidence.signals as stored on the assessment."""
    return [{"key": str(key), "value": str(signals[key])} for key in SIGNAL_ORDER]
