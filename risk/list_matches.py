"""Who a list entry names: the participants whose profile (the provider's current record of
them) holds the entry's value, read the way `risk.signals` reads a profile: the address
country, an active email or its domain, an active phone by prefix, the full name with or
without the middle name by its canonical form (as screening compares it: case, spacing,
accents, invisible characters and look-alike letters ignored; near matches are not counted).
For a backtest of a new or changed entry: one query per entry, among the participants
assessed since the window's start, not a profile per assessment."""

from datetime import datetime

from django.db.models import Q

from common.canonical_names import canonical_name
from participants.models import Email, Enrollment, Phone
from risk.models import RiskAssessment, RiskListEntry
from risk.signals import name_keys

Kind = RiskListEntry.Kind
Party = tuple[str, str]  # (providerID, participantID)


def _parties(enrollments) -> set[Party]:
    return set(enrollments.values_list("provider_id", "participant_id"))


def _by_email(assessed, condition: Q) -> set[Party]:
    emails = Email.objects.filter(condition, disabled_on__isnull=True)
    return _parties(assessed.filter(pk__in=emails.values("enrollment_id")))


def _by_name(assessed, value: str) -> set[Party]:
    wanted = canonical_name(value)
    if not wanted:
        return set()
    # The canonical form is made in Python (ICU): every assessed participant's name is read.
    rows = assessed.values_list(
        "provider_id", "participant_id", "given_name", "middle_name", "family_name"
    )
    return {
        (provider_id, participant_id)
        for provider_id, participant_id, *name in rows.iterator(chunk_size=2000)
        if wanted in name_keys(*name)
    }


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
