"""Who a list entry names: the participants whose profile (the provider's current record of
them) holds the entry's value, read the way `risk.signals` reads a profile: the address
country, an active email or its domain, an active phone by prefix, the full name with or
without the middle name (case and spacing ignored). For a backtest of a new or changed entry:
one query per entry, among the participants assessed since the window's start, not a profile
per assessment."""

from datetime import datetime

from django.db.models import Q

from participants.models import Email, Enrollment, Phone
from risk.models import RiskAssessment, RiskListEntry
from risk.signals import normalize_name

Kind = RiskListEntry.Kind
Party = tuple[str, str]  # (providerID, participantID)


def _parties(enrollments) -> set[Party]:
    return set(enrollments.values_list("provider_id", "participant_id"))


def _by_email(assessed, condition: Q) -> set[Party]:
    emails = Email.objects.filter(condition, disabled_on__isnull=True)
    return _parties(assessed.filter(pk__in=emails.values("enrollment_id")))


def _by_name(assessed, value: str) -> set[Party]:
    wanted = normalize_name(value)
    words = wanted.split()
    if len(words) < 2:
        return set()
    # Narrowed in SQL by the first and last words, then compared as risk.signals compares.
    found = set()
    candidates = assessed.filter(
        given_name__istartswith=words[0], family_name__iendswith=words[-1]
    ).values_list("provider_id", "participant_id", "given_name", "middle_name", "family_name")
    for provider_id, participant_id, given, middle, family in candidates.iterator():
        names = {normalize_name(f"{given} {family}"), normalize_name(f"{given} {middle} {family}")}
        if wanted in names:
            found.add((provider_id, participant_id))
    return found


def parties_listed_by(kind: str, value: str, *, assessed_since: datetime) -> set[Party]:
    """The participants assessed since `assessed_since` whom a list entry of `kind` with
    `value` would match today."""
    value = value.strip()
    assessed = Enrollment.objects.filter(
        participant_id__in=RiskAssessment.objects.filter(assessed_on__gte=assessed_since).values(
            "participant_id"
        )
    )
    if kind == Kind.COUNTRY:
        return _parties(assessed.filter(country__iexact=value))
    if kind == Kind.EMAIL:
        return _by_email(assessed, Q(email__iexact=value))
    if kind == Kind.EMAIL_DOMAIN:
        return _by_email(
            assessed, Q(email__iendswith=f"@{value}") | Q(email__iendswith=f".{value}")
        )
    if kind == Kind.PHONE_PREFIX:
        phones = Phone.objects.filter(e164__startswith=value, disabled_on__isnull=True)
        return _parties(assessed.filter(pk__in=phones.values("enrollment_id")))
    if kind in (Kind.PEP_NAME, Kind.SANCTIONED_NAME):
        return _by_name(assessed, value)
    raise ValueError(f"unknown list kind {kind!r}")
