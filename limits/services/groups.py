"""Limit groups and their memberships: create, rename or re-ceiling, soft-delete a group; add
a participant to it or end the membership. Members see a group's change at once.

Lock order: the provider row (creating a group, so two creations cannot take one name), else
the group row; then the membership.
"""

from collections.abc import Mapping

from django.db import IntegrityError, transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import InvalidRequest
from common.locking import lock_or_404
from common.soft_delete import soft_delete
from limits import outbox, selectors
from limits.errors import DuplicateLimitGroupName
from limits.models import LimitChange, LimitGroup, LimitGroupMembership
from limits.services.core import apply_ceilings, checked, locked_provider, record_change
from participants.models import Enrollment

GROUP_NAME_MAX = 100


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
    record_change(
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
    ceilings = checked(ceilings or {}, allow_unset=True)
    try:
        with transaction.atomic():
            locked_provider(provider_id)
            if _name_taken(provider_id, name):
                raise _duplicate(name)
            group = LimitGroup(provider_id=provider_id, name=name)
            apply_ceilings(group, ceilings)
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
    ceilings = checked(ceilings or {}, allow_unset=True)
    try:
        with transaction.atomic():
            group = _locked_live_group(group_id)
            changed = apply_ceilings(group, ceilings)
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
        group, deleted = soft_delete(
            LimitGroup.objects.filter(pk=group_id, provider_id=provider_id), _NO_GROUP
        )
        if not deleted:
            return group
        _record_group("delete", group, actor)
        outbox.group_deleted(group)
    return group


def _record_membership(
    action: str, group: LimitGroup, enrollment: Enrollment, actor: Actor
) -> None:
    record_change(
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
