"""Every write on send limits. Admin screens and management commands call these.

Ceilings come in as {contract dimension name: minor units or count}. On the provider and group
levels a None value unsets the dimension (the level then stops hiding the ones below it); a
dimension left out of the mapping is unchanged. Every write is recorded in LimitChange; a
platform write replaces `versions.platform`, a provider-policy write `versions.provider`.
"""

from collections.abc import Iterable, Mapping
from datetime import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import InvalidRequest
from common.locking import lock_or_404
from limits import dimensions, outbox, selectors
from limits.errors import DuplicateLimitGroupName
from limits.models import (
    LimitChange,
    LimitGroup,
    LimitGroupMembership,
    LimitOverride,
    PlatformLimits,
    ProviderLimitPolicy,
)
from participants.models import Enrollment, new_version_id
from providers.models import Provider

GROUP_NAME_MAX = 100


def _record(
    kind: str,
    action: str,
    actor: Actor,
    *,
    provider_id: str | None = None,
    subject: str = "",
    data: dict | None = None,
    version_id: str = "",
) -> None:
    change = LimitChange(
        kind=kind,
        action=action,
        provider_id=provider_id,
        subject=subject,
        data=data or {},
        version_id=version_id,
    )
    change.set_actor(actor)
    change.save()


def _checked(values: Mapping[str, int | None], *, allow_unset: bool) -> dict[str, int | None]:
    problems = []
    for name, value in values.items():
        if name not in dimensions.BY_NAME:
            problems.append(f"unknown dimension {name!r}")
        elif value is None:
            if not allow_unset:
                problems.append(f"{name} cannot be unset here")
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{name} must be an integer")
        elif not 0 <= value <= dimensions.MAX_STORED:
            problems.append(f"{name} must be between 0 and {dimensions.MAX_STORED}")
    if problems:
        raise InvalidRequest("; ".join(problems) + ".")
    return dict(values)


def _apply(obj, values: Mapping[str, int | None], prefix: str = "") -> list[str]:
    """Set the given dimensions on `obj`; the column names that actually changed."""
    changed = []
    for name, value in values.items():
        column = prefix + dimensions.BY_NAME[name].field
        if getattr(obj, column) != value:
            setattr(obj, column, value)
            changed.append(column)
    return changed


# ---- platform ------------------------------------------------------------


def set_platform_limits(
    *,
    defaults: Mapping[str, int] | None = None,
    maximums: Mapping[str, int] | None = None,
    actor: Actor,
) -> tuple[PlatformLimits, bool]:
    """Change platform defaults and/or maximums. Every default must stay at or below its
    maximum. Returns (platform, changed); only a real change replaces the version."""
    defaults = _checked(defaults or {}, allow_unset=False)
    maximums = _checked(maximums or {}, allow_unset=False)
    with transaction.atomic():
        # The row is seeded by a migration: a plain lock (see common.locking).
        platform = selectors.checked_platform(
            PlatformLimits.objects.select_for_update().get(pk=PlatformLimits.SINGLETON_ID)
        )
        changed = _apply(platform, defaults, "default_") + _apply(platform, maximums, "maximum_")
        ceiling = platform.maximums()
        above = [name for name, value in platform.defaults().items() if value > ceiling[name]]
        if above:
            raise InvalidRequest(
                f"A platform default cannot exceed the platform maximum: {', '.join(above)}."
            )
        if not changed:
            return platform, False
        platform.version_id = new_version_id()
        platform.updated_on = timezone.now()
        platform.save(update_fields=[*changed, "version_id", "updated_on"])
        _record(
            LimitChange.Kind.PLATFORM,
            "set",
            actor,
            data={"defaults": platform.defaults(), "maximums": platform.maximums()},
            version_id=platform.version_id,
        )
    return platform, True


# ---- provider policy -----------------------------------------------------


def _locked_provider(provider_id: str) -> Provider:
    return lock_or_404(
        Provider.objects.filter(pk=provider_id), f"Provider {provider_id} does not exist."
    )


def set_provider_limits(
    *, provider_id: str, ceilings: Mapping[str, int | None], actor: Actor
) -> ProviderLimitPolicy:
    """Save the provider's policy (created on first save). Each write replaces its version."""
    ceilings = _checked(ceilings, allow_unset=True)
    with transaction.atomic():
        # The provider row lock serialises the first save of a policy as well as updates.
        _locked_provider(provider_id)
        policy = ProviderLimitPolicy.objects.filter(provider_id=provider_id).first()
        created = policy is None
        if created:
            policy = ProviderLimitPolicy(provider_id=provider_id)
        changed = _apply(policy, ceilings)
        if not created and not changed:
            return policy
        policy.version_id = new_version_id()
        policy.updated_on = timezone.now()
        policy.save()
        _record(
            LimitChange.Kind.PROVIDER_POLICY,
            "create" if created else "set",
            actor,
            provider_id=provider_id,
            subject=provider_id,
            data=policy.ceilings(),
            version_id=policy.version_id,
        )
    return policy


def clear_provider_limits(*, provider_id: str, actor: Actor) -> bool:
    """Remove the saved policy: every dimension falls back to the platform default and
    `versions.provider` disappears. False when there was none."""
    with transaction.atomic():
        _locked_provider(provider_id)
        policy = ProviderLimitPolicy.objects.filter(provider_id=provider_id).first()
        if policy is None:
            return False
        data = policy.ceilings()
        policy.delete()
        _record(
            LimitChange.Kind.PROVIDER_POLICY,
            "clear",
            actor,
            provider_id=provider_id,
            subject=provider_id,
            data=data,
        )
    return True


# ---- groups --------------------------------------------------------------


def clean_group_name(name: str) -> str:
    name = (name or "").strip()
    if not name or len(name) > GROUP_NAME_MAX:
        raise InvalidRequest(f"A group name is 1 to {GROUP_NAME_MAX} characters.")
    if not name.isprintable():
        raise InvalidRequest("A group name cannot contain control characters.")
    if "+" in name:
        # Sources read `group:<name>+platform-clamp`; a `+` in the name would make them ambiguous.
        raise InvalidRequest("A group name cannot contain '+'.")
    return name


def _name_taken(provider_id: str, name: str, *, exclude: str | None = None) -> bool:
    return selectors.live_groups_for(provider_id).filter(name=name).exclude(pk=exclude).exists()


def _duplicate(name: str) -> DuplicateLimitGroupName:
    return DuplicateLimitGroupName(f"The provider already has a limit group named {name!r}.")


def _record_group(action: str, group: LimitGroup, actor: Actor) -> None:
    _record(
        LimitChange.Kind.GROUP,
        action,
        actor,
        provider_id=group.provider_id,
        subject=group.id,
        data={"name": group.name, "ceilings": group.ceilings()},
    )


def create_limit_group(
    *,
    provider_id: str,
    name: str,
    ceilings: Mapping[str, int | None] | None = None,
    actor: Actor,
) -> LimitGroup:
    name = clean_group_name(name)
    ceilings = _checked(ceilings or {}, allow_unset=True)
    try:
        with transaction.atomic():
            _locked_provider(provider_id)
            if _name_taken(provider_id, name):
                raise _duplicate(name)
            group = LimitGroup(provider_id=provider_id, name=name)
            _apply(group, ceilings)
            group.save()
            _record_group("create", group, actor)
    except IntegrityError:
        raise _duplicate(name) from None
    return group


_NO_GROUP = "No limit group matches within this provider."


def _locked_live_group(group_id: str, provider_id: str | None = None) -> LimitGroup:
    groups = LimitGroup.objects.filter(pk=group_id, deleted_on__isnull=True)
    if provider_id is not None:
        groups = groups.filter(provider_id=provider_id)
    return lock_or_404(groups, _NO_GROUP)


def update_limit_group(
    *,
    group_id: str,
    name: str | None = None,
    ceilings: Mapping[str, int | None] | None = None,
    actor: Actor,
) -> LimitGroup:
    """Rename a live group and/or change its ceilings; members see the change at once."""
    ceilings = _checked(ceilings or {}, allow_unset=True)
    try:
        with transaction.atomic():
            group = _locked_live_group(group_id)
            changed = _apply(group, ceilings)
            if name is not None and clean_group_name(name) != group.name:
                name = clean_group_name(name)
                if _name_taken(group.provider_id, name, exclude=group.id):
                    raise _duplicate(name)
                group.name = name
                changed.append("name")
            if not changed:
                return group
            group.updated_on = timezone.now()
            group.save(update_fields=[*changed, "updated_on"])
            _record_group("update", group, actor)
    except IntegrityError:
        raise _duplicate(name) from None
    return group


def delete_limit_group(*, provider_id: str, group_id: str, actor: Actor) -> LimitGroup:
    """Soft-delete the provider's group: its memberships stop counting at the next resolution.
    Deleting an already deleted group changes nothing; another provider's group is NotFound."""
    with transaction.atomic():
        # A deleted group is found too: deleting it again changes nothing.
        group = lock_or_404(
            LimitGroup.objects.filter(pk=group_id, provider_id=provider_id), _NO_GROUP
        )
        if group.deleted_on is not None:
            return group
        now = timezone.now()
        group.deleted_on = now
        group.updated_on = now
        group.save(update_fields=["deleted_on", "updated_on"])
        _record_group("delete", group, actor)
        outbox.group_deleted(group)
    return group


def _record_membership(
    action: str, group: LimitGroup, enrollment: Enrollment, actor: Actor
) -> None:
    _record(
        LimitChange.Kind.MEMBERSHIP,
        action,
        actor,
        provider_id=group.provider_id,
        subject=enrollment.participant_id,
        data={
            "groupID": group.id,
            "groupName": group.name,
            "participantID": enrollment.participant_id,
        },
    )


def add_to_limit_group(
    *, group_id: str, enrollment: Enrollment, actor: Actor
) -> tuple[LimitGroupMembership, bool]:
    """Make the participant a member (the group's provider must be the enrollment's).
    Returns (membership, created); adding a current member again changes nothing."""
    with transaction.atomic():
        group = _locked_live_group(group_id, enrollment.provider_id)
        membership = LimitGroupMembership.objects.filter(
            group=group, enrollment=enrollment, ended_on__isnull=True
        ).first()
        if membership is not None:
            return membership, False
        membership = LimitGroupMembership.objects.create(group=group, enrollment=enrollment)
        _record_membership("add", group, enrollment, actor)
    return membership, True


def remove_from_limit_group(
    *, group_id: str, enrollment: Enrollment, actor: Actor
) -> LimitGroupMembership:
    """End the participant's membership (the row stays with endedOn)."""
    with transaction.atomic():
        group = _locked_live_group(group_id, enrollment.provider_id)
        membership = lock_or_404(
            LimitGroupMembership.objects.filter(
                group=group, enrollment=enrollment, ended_on__isnull=True
            ),
            "The participant is not a member of this limit group.",
        )
        membership.ended_on = timezone.now()
        membership.save(update_fields=["ended_on"])
        _record_membership("remove", group, enrollment, actor)
    return membership


# ---- overrides -----------------------------------------------------------


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
    values = _checked(values, allow_unset=False)
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
        _record(
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
    names = list(_checked(dict.fromkeys(dimension_names, 0), allow_unset=False))
    with transaction.atomic():
        enrollment = _locked_enrollment(enrollment)
        ended = _end_current(enrollment, names, timezone.now())
        if ended:
            _record(
                LimitChange.Kind.OVERRIDE,
                "clear",
                actor,
                provider_id=enrollment.provider_id,
                subject=enrollment.participant_id,
                data={"dimensions": names},
            )
    return ended
