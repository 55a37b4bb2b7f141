"""A provider's corrections of its participant's details: names, address, phones and emails,
under the details' own versionID (`Enrollment.profile_version_id`)."""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from common.errors import VersionConflict
from participants import outbox, selectors, services
from participants.models import Email, Enrollment, Phone, new_version_id

# The read's field name of each correctable column, for the event's changedFields.
FIELD_NAMES = {
    "given_name": "givenName",
    "middle_name": "middleName",
    "family_name": "familyName",
    "nick_name": "nickName",
    "address_line1": "address",
    "address_line2": "address",
    "city": "address",
    "state_or_province": "address",
    "postal_code": "address",
    "country": "address",
}


@dataclass(frozen=True)
class Corrections:
    columns: dict  # Enrollment column -> new value, only those sent
    phones: tuple[tuple[str, str], ...] | None = None  # (countryCode, number); None: unchanged
    emails: tuple[str, ...] | None = None


def correct_details(
    *, locked: Enrollment, expected_version_id: str, corrections: Corrections
) -> Enrollment:
    """Apply what changed and return the participant as read afterwards. The caller holds the
    enrollment's row lock (`selectors.get_participant_read(..., for_update=True)`). A stale
    version changes nothing; a body that changes nothing keeps the version and emits nothing."""
    with transaction.atomic():
        if locked.profile_version_id != expected_version_id:
            raise VersionConflict(
                "The participant changed since it was read; read the participant again."
            )
        now = timezone.now()
        changed = [
            name for name, value in corrections.columns.items() if getattr(locked, name) != value
        ]
        for name in changed:
            setattr(locked, name, corrections.columns[name])
        fields = sorted({FIELD_NAMES[name] for name in changed})
        if corrections.phones is not None and _replace_phones(locked, corrections.phones, now):
            fields.append("phones")
        if corrections.emails is not None and _replace_emails(locked, corrections.emails, now):
            fields.append("emails")
        if not fields:
            return locked
        locked.profile_version_id = new_version_id()
        locked.updated_on = now
        locked.save(update_fields=[*changed, "profile_version_id", "updated_on"])
        fresh = selectors.get_participant_read(locked.provider_id, locked.participant_id)
        outbox.details_corrected(fresh, fields)
    return fresh


def _replace_phones(enrollment: Enrollment, wanted: tuple[tuple[str, str], ...], now) -> bool:
    active = {(p.country_code, p.number): p for p in _active(Phone, enrollment)}
    new = [
        services.new_phone(enrollment, code, number, created_on=now)
        for code, number in wanted
        if (code, number) not in active
    ]
    gone = [p.pk for key, p in active.items() if key not in set(wanted)]
    return _apply(Phone, new, gone, now)


def _replace_emails(enrollment: Enrollment, wanted: tuple[str, ...], now) -> bool:
    active = {e.email: e for e in _active(Email, enrollment)}
    new = [
        Email(enrollment=enrollment, email=email, created_on=now)
        for email in wanted
        if email not in active
    ]
    gone = [e.pk for email, e in active.items() if email not in set(wanted)]
    return _apply(Email, new, gone, now)


def _active(model, enrollment: Enrollment):
    return model.objects.filter(enrollment=enrollment, disabled_on__isnull=True).order_by("id")


def _apply(model, new: list, gone: list[int], now) -> bool:
    """Disable the contacts no longer listed (kept for history) and add the new ones."""
    if gone:
        model.objects.filter(pk__in=gone).update(disabled_on=now)
    if new:
        model.objects.bulk_create(new)
    return bool(new or gone)
