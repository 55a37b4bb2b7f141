"""Per-participant overrides of send limits at one provider: set (replacing the current
override of a dimension), or clear. Lock order: the participant's enrollment row.
"""

from collections.abc import Iterable, Mapping
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import InvalidRequest
from limits.models import LimitChange, LimitOverride
from limits.services.core import checked, record_change
from participants.models import Enrollment


def _locked_enrollment(enrollment: Enrollment) -> Enrollment:
    # Serialises override writes for one participant at one provider.
    return Enrollment.objects.select_for_update().get(pk=enrollment.pk)


def _end_current(enrollment: Enrollment, names: Iterable[str], now: datetime) -> int:
    return LimitOverride.objects.filter(
        enrollment=enrollment, dimension__in=list(names), ended_on__isnull=True
    ).update(ended_on=now)


def set_limit_override(
    *,
    enrollment: Enrollment,
    values: Mapping[str, int],
    expires_on: datetime | None = None,
    reason: str = "",
    actor: Actor,
) -> list[LimitOverride]:
    """Override the given dimensions for this participant at this provider, until
    `expires_on` (None: until cleared). Replaces any current override of those dimensions."""
    values = checked(values, allow_unset=False)
    if not values:
        raise InvalidRequest("Name at least one dimension to override.")
    now = timezone.now()
    if expires_on is not None:
        if timezone.is_naive(expires_on):
            raise InvalidRequest("expiresOn needs a time zone.")
        if expires_on <= now:
            raise InvalidRequest("expiresOn must be in the future.")
    if len(reason or "") > 512:
        raise InvalidRequest("The reason is at most 512 characters.")
    with transaction.atomic():
        enrollment = _locked_enrollment(enrollment)
        _end_current(enrollment, values, now)
        overrides = []
        for name, value in values.items():
            override = LimitOverride(
                enrollment=enrollment,
                dimension=name,
                value=value,
                expires_on=expires_on,
                reason=reason or "",
                created_on=now,
            )
            override.set_actor(actor)
            override.save()
            overrides.append(override)
        record_change(
            LimitChange.Kind.OVERRIDE,
            "set",
            actor,
            provider_id=enrollment.provider_id,
            subject=enrollment.participant_id,
            data={
                "values": dict(values),
                "expiresOn": expires_on.isoformat() if expires_on else None,
                "reason": reason or "",
            },
        )
    return overrides


def clear_limit_override(
    *, enrollment: Enrollment, dimension_names: Iterable[str], actor: Actor
) -> int:
    """End the participant's current overrides of these dimensions; how many were ended."""
    names = list(checked(dict.fromkeys(dimension_names, 0), allow_unset=False))
    with transaction.atomic():
        enrollment = _locked_enrollment(enrollment)
        ended = _end_current(enrollment, names, timezone.now())
        if ended:
            record_change(
                LimitChange.Kind.OVERRIDE,
                "clear",
                actor,
                provider_id=enrollment.provider_id,
                subject=enrollment.participant_id,
                data={"dimensions": names},
            )
    return ended
