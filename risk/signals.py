"""Customer evidence: the level the risk lists give each part of a participant's profile.

Every signal reads one kind of `RiskListEntry`. A value found on its list has the entry's
level; a value not listed is `low`; a signal with nothing to read (no email, no phone) is
`unknown`. Where the profile has several values (emails, phones) the riskiest one counts.

Values compare by their match keys (`risk.list_keys`, stored on each entry): case ignored,
and names by their canonical form, so a name written with look-alike letters, accents or
invisible characters meets its entry. A name that is only near a listed one (`risk.near_names`)
reads as `medium` at most, and near a sanctioned name it forces a review (`review_reason`).
"""

from dataclasses import dataclass, field

from django.db.models import Q

from common.canonical_names import canonical_name
from risk import signals_sql
from risk.list_keys import NAME_KINDS, match_key
from risk.models import LEVEL_ORDER, EvidenceLevel, RiskListEntry, RiskRule
from risk.near_names import NEAR_FROM, near_matches

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
    names: tuple[str, ...]  # the full name's canonical keys, with and without the middle name


def name_keys(given: str, middle: str, family: str) -> set[str]:
    """The canonical keys of a full name, with and without the middle name (none when nothing
    comparable is left: a name of invisible characters only)."""
    return {canonical_name(f"{given} {family}"), canonical_name(f"{given} {middle} {family}")} - {
        ""
    }


def profile_of(enrollment) -> Profile:
    """The enrollment's address country, active emails and phones, and full name."""
    names = name_keys(enrollment.given_name, enrollment.middle_name, enrollment.family_name)
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


# A near match reads as this level at most, whatever the entry's level: a possible match,
# for a person to decide. Entries rated lower are not near-matched at all.
NEAR_LEVEL = EvidenceLevel.MEDIUM
NEAR_LEVELS = LEVEL_ORDER[LEVEL_ORDER.index(NEAR_LEVEL) :]


@dataclass(frozen=True)
class Listed:
    """The entries a profile's candidates meet: by key, and the names near its names."""

    exact: dict[str, dict[str, tuple[str, str, dict]]]  # {kind: {key: (level, value, attrs)}}
    # {name kind: [(key, level, value, pk, ATTRIBUTES' fields or None: not read yet)]}: the
    # entries rated NEAR_LEVELS that may be near the profile's names
    near: dict[str, list[tuple]]


def _described(attributes) -> dict:
    return {
        name: str(attribute)
        for name, attribute in zip(ATTRIBUTES, attributes, strict=True)
        if attribute
    }


def _listed(wanted_by_kind: dict[str, list[str]]) -> Listed:
    """The entries among each kind's candidates (keyed here), and the names lists' entries
    that may be near the names: one query for every kind a profile is read for (SQLite: and
    one for the near names)."""
    wanted = {
        kind: {match_key(kind, candidate) for candidate in candidates if candidate}
        for kind, candidates in wanted_by_kind.items()
    }
    listed = Listed({kind: {} for kind in wanted}, {kind: [] for kind in NAME_KINDS})
    if not any(wanted.values()):
        return listed
    names = sorted({key for kind in NAME_KINDS for key in wanted.get(kind, ())})
    rows, near_rows = _listed_rows(wanted, names)
    for kind, key, level, value, pk, *attributes in rows:
        if key in wanted.get(kind, ()):
            held = listed.exact[kind].get(key)
            if held is None or LEVEL_ORDER.index(level) > LEVEL_ORDER.index(held[0]):
                listed.exact[kind][key] = (level, value, _described(attributes))
        elif kind in listed.near and level in NEAR_LEVELS:
            listed.near[kind].append((key, level, value, pk, attributes))
    for kind, key, level, value, pk in near_rows:
        if key not in wanted[kind]:
            listed.near[kind].append((key, level, value, pk, None))
    return listed


def _listed_rows(wanted: dict[str, set[str]], names: list[str]) -> tuple[list, list]:
    """(kind, match key, level, value, pk, *ATTRIBUTES' fields) of the entries whose kind and
    key are wanted, and of the names lists' entries that may be near `names` (keys): on
    PostgreSQL those its trigram index finds, in the same rows; on SQLite every entry rated
    NEAR_LEVELS, as (kind, match key, level, value, pk) apart (10,000 rows with their dates
    would cost more than the comparison)."""
    fields = ("level", "value", "pk", *ATTRIBUTES.values())
    if signals_sql.applies():
        return signals_sql.listed(wanted, names, ("level", "value", "id", *fields[3:])), []
    condition = Q()
    for kind, values in wanted.items():
        if values:
            condition |= Q(kind=kind, match_key__in=values)
    entries = RiskListEntry.objects.values_list
    rows = list(entries("kind", "match_key", *fields).filter(condition))
    near_rows = []
    if names:
        near = entries("kind", "match_key", "level", "value", "pk")
        near_rows = list(near.filter(kind__in=NAME_KINDS, level__in=NEAR_LEVELS))
    return rows, near_rows


@dataclass(frozen=True)
class Match:
    """What set a signal's level: the list entry, and how the profile's value met it."""

    entry: str
    how: str
    attributes: dict = field(default_factory=dict)  # what the entry says (ATTRIBUTES)
    similarity: float | None = None  # a near match's (risk.near_names); None: exact


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


def _exact(listed: dict, keys, how: str) -> Signal:
    """The riskiest level of the entries listed under `keys` (match keys)."""
    if not keys:
        return Signal(EvidenceLevel.UNKNOWN)
    found = []
    for key in keys:
        hit = listed.get(key)
        found.append(
            Signal(hit[0], Match(hit[1], how, hit[2])) if hit else Signal(EvidenceLevel.LOW)
        )
    return riskiest(found)


EXACT_NAME = (
    "exact name match (case, spacing, accents, invisible characters and look-alike letters ignored)"
)


def _near(candidates: list[tuple], names) -> Signal:
    """The nearest entry (then the riskiest) among `candidates` (`Listed.near`)."""
    found = near_matches(names, [key for key, *_ in candidates])
    if not found:
        return Signal(EvidenceLevel.LOW)
    index = max(found, key=lambda i: (found[i], LEVEL_ORDER.index(candidates[i][1])))
    _, _, entry, pk, read = candidates[index]
    if read is None:  # read only for the entry that matched
        read = RiskListEntry.objects.values_list(*ATTRIBUTES.values()).get(pk=pk)
    attributes = _described(read)
    similarity = round(found[index], 1)
    how = f"near match: {similarity:g} % similar (a review from {NEAR_FROM:g} %)"
    return Signal(NEAR_LEVEL, Match(entry, how, attributes, similarity))


def _name(listed: Listed, kind: str, names) -> Signal:
    """Same name first; a near one when it is riskier (an exact entry rated low does not hide
    a near one rated higher)."""
    if not names:
        return Signal(EvidenceLevel.UNKNOWN)
    exact = _exact(listed.exact[kind], names, EXACT_NAME)
    return riskiest([exact, _near(listed.near[kind], names)])


def read_signals(profile: Profile) -> dict[str, Signal]:
    """{signal key: Signal} in the contract's order, each with the list entry that set it."""
    countries = [profile.country.lower()] if profile.country else []
    found = _listed(
        {
            Kind.COUNTRY: countries,
            Kind.EMAIL_DOMAIN: [d for email in profile.emails for d in _domain_suffixes(email)],
            Kind.EMAIL: list(profile.emails),
            Kind.PEP_NAME: list(profile.names),
            Kind.PHONE_PREFIX: [p for phone in profile.phones for p in _phone_prefixes(phone)],
            Kind.SANCTIONED_NAME: list(profile.names),
        }
    )
    listed = found.exact
    return {
        Key.ADDRESS_RISK_LEVEL: _exact(listed[Kind.COUNTRY], countries, "address country"),
        Key.EMAIL_DOMAIN_LEVEL: _most_specific(
            profile.emails,
            _domain_suffixes,
            listed[Kind.EMAIL_DOMAIN],
            lambda email, entry: f"{email} is in the listed domain",
        ),
        Key.EMAIL_LEVEL: _exact(listed[Kind.EMAIL], profile.emails, "exact address"),
        Key.PEP_LEVEL: _name(found, Kind.PEP_NAME, profile.names),
        Key.PHONE_LEVEL: _most_specific(
            profile.phones,
            _phone_prefixes,
            listed[Kind.PHONE_PREFIX],
            lambda phone, entry: f"{phone} starts with the listed prefix",
        ),
        Key.SANCTION_LEVEL: _name(found, Kind.SANCTIONED_NAME, profile.names),
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
        if signal.match.similarity is not None:
            found[str(key)]["similarity"] = signal.match.similarity
    return found


# Near matches that force a review whatever the rules say: a name close to a sanctioned one
# is never let through unseen. (A near PEP match reads as pepLevel medium, which the rules
# weigh as they weigh an exact one.)
REVIEWED_WHEN_NEAR = {str(Key.SANCTION_LEVEL): "Name close to a sanctions list entry"}


def review_reason(matches: dict[str, dict]) -> str:
    """Why the near matches among `matches` (as `matches_of` keeps them) force a review; ""
    when they do not."""
    return "; ".join(
        reason
        for key, reason in REVIEWED_WHEN_NEAR.items()
        if matches.get(key, {}).get("similarity") is not None
    )


def as_evidence(signals: dict[str, str]) -> list[dict]:
    """customerEvidence.signals as stored on the assessment."""
    return [{"key": str(key), "value": str(signals[key])} for key in SIGNAL_ORDER]
