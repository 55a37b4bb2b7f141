"""Staff privileges: who may change them, and the trail of every change.

A user's is_staff and is_superuser, its groups and permissions, and the groups themselves
(their permissions, and their names: pages open to groups by name) are changed by superusers
only. The rule and the trail sit on the auth models' signals, because Django's own admin forms
and commands (createsuperuser, a shell) write those rows directly: whatever path a change
takes, an actor who may not make it gets PermissionDenied before anything is written, and a
change made writes StaffChange rows naming its actor.

The actor is the staff user of the request in progress (`acting`, entered by
security.middleware for every staff request); outside a request (a command, a shell) it is
the server's operator, recorded as a system actor naming the command."""

import sys
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from django.contrib.auth.models import Group, User
from django.core.exceptions import PermissionDenied
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete, pre_save

from common.actors import Actor
from security.models import StaffChange

FLAGS = ("is_active", "is_staff", "is_superuser")
GUARDED_FLAGS = ("is_staff", "is_superuser")  # is_active is recorded, not reserved
REFUSED = "Only a superuser changes staff privileges (flags, groups and permissions)."

Kind, Action = StaffChange.Kind, StaffChange.Action
_acting: ContextVar = ContextVar("security_acting_user", default=None)


@contextmanager
def acting(user):
    """Changes made inside are made by `user` (a request's staff user)."""
    token = _acting.set(user)
    try:
        yield
    finally:
        _acting.reset(token)


def may_change(user) -> bool:
    return bool(user is not None and user.is_active and user.is_superuser)


def _check_actor() -> None:
    user = _acting.get()
    if user is not None and not may_change(user):
        raise PermissionDenied(REFUSED)


def _actor() -> Actor:
    user = _acting.get()
    if user is not None:
        return Actor.user(user)
    program = Path(sys.argv[0]).name if sys.argv else "server"
    command = f" {sys.argv[1]}" if program == "manage.py" and len(sys.argv) > 1 else ""
    return Actor.operator(f"{program}{command}")


def _record(kind, action, subject, before, after) -> None:
    StaffChange.record(
        _actor(),
        kind=kind,
        action=action,
        subject=str(subject.pk),
        label=str(subject)[:255],
        before=before,
        after=after,
    )


# ---- what is recorded of a user and a group ---------------------------------------------


def _names(subject, field: str) -> list[str]:
    related = getattr(subject, field)
    if field == "groups":
        return sorted(related.values_list("name", flat=True))
    pairs = related.values_list("content_type__app_label", "codename")
    return sorted(f"{app}.{codename}" for app, codename in pairs)


def _flags(user) -> dict:
    return {name: getattr(user, name) for name in FLAGS}


def _user_privileges(user) -> dict:
    return {
        **_flags(user),
        "groups": _names(user, "groups"),
        "user_permissions": _names(user, "user_permissions"),
    }


def _group_privileges(group) -> dict:
    return {"name": group.name, "permissions": _names(group, "permissions")}


# ---- users ------------------------------------------------------------------------------


def _user_saving(sender, instance, update_fields=None, **kwargs):
    if update_fields is not None and not set(update_fields) & set(FLAGS):
        return  # e.g. the last-login stamp of every login
    stored = sender.objects.filter(pk=instance.pk).values(*FLAGS).first() if instance.pk else None
    if stored is None:
        if instance.is_staff or instance.is_superuser:
            _check_actor()
        return
    if stored == _flags(instance):
        return
    if any(stored[name] != getattr(instance, name) for name in GUARDED_FLAGS):
        _check_actor()
    instance._privileges_before = stored


def _user_saved(sender, instance, created, **kwargs):
    before = instance.__dict__.pop("_privileges_before", None)
    if created:
        _record(Kind.USER, Action.CREATE, instance, None, _flags(instance))
    elif before is not None:
        _record(Kind.USER, Action.UPDATE, instance, before, _flags(instance))


def _user_deleting(sender, instance, **kwargs):
    if instance.is_superuser:
        _check_actor()
    instance._privileges_before = _user_privileges(instance)


def _user_deleted(sender, instance, **kwargs):
    before = instance.__dict__.pop("_privileges_before", None)
    _record(Kind.USER, Action.DELETE, instance, before, None)


# ---- groups -----------------------------------------------------------------------------


def _group_saving(sender, instance, **kwargs):
    _check_actor()
    stored = sender.objects.filter(pk=instance.pk).values("name").first() if instance.pk else None
    instance._privileges_before = stored


def _group_saved(sender, instance, created, **kwargs):
    before = instance.__dict__.pop("_privileges_before", None)
    if created:
        _record(Kind.GROUP, Action.CREATE, instance, None, {"name": instance.name})
    elif before is not None and before["name"] != instance.name:
        _record(Kind.GROUP, Action.UPDATE, instance, before, {"name": instance.name})


def _group_deleting(sender, instance, **kwargs):
    _check_actor()
    before = _group_privileges(instance)
    before["users"] = sorted(instance.user_set.values_list("username", flat=True))
    instance._privileges_before = before


def _group_deleted(sender, instance, **kwargs):
    before = instance.__dict__.pop("_privileges_before", None)
    _record(Kind.GROUP, Action.DELETE, instance, before, None)


# ---- memberships and permissions (either side of the relation) ----------------------------

# The through model of each guarded relation: (the field, the model that holds it, its kind).
_RELATIONS = {
    User.groups.through: ("groups", User, Kind.USER),
    User.user_permissions.through: ("user_permissions", User, Kind.USER),
    Group.permissions.through: ("permissions", Group, Kind.GROUP),
}


def _subjects(instance, holder, field, pk_set) -> list:
    """The users or groups whose privileges the change touches."""
    if isinstance(instance, holder):
        return [instance]
    if pk_set is None:  # a clear() from the other side: everything related to it
        return list(holder.objects.filter(**{field: instance}))
    return list(holder.objects.filter(pk__in=pk_set))


def _relation_changed(sender, instance, action, pk_set=None, **kwargs):
    field, holder, kind = _RELATIONS[sender]
    step, _, verb = action.partition("_")
    key = f"_privileges_pending_{field}_{verb}"
    if step == "pre":
        _check_actor()
        subjects = _subjects(instance, holder, field, pk_set)
        instance.__dict__[key] = [(subject, _names(subject, field)) for subject in subjects]
        return
    for subject, before in instance.__dict__.pop(key, []):
        after = _names(subject, field)
        if after != before:
            _record(kind, Action.UPDATE, subject, {field: before}, {field: after})


def connect() -> None:
    for model, saving, saved, deleting, deleted in (
        (User, _user_saving, _user_saved, _user_deleting, _user_deleted),
        (Group, _group_saving, _group_saved, _group_deleting, _group_deleted),
    ):
        uid = f"security.privileges.{model.__name__}"
        pre_save.connect(saving, sender=model, dispatch_uid=f"{uid}.saving")
        post_save.connect(saved, sender=model, dispatch_uid=f"{uid}.saved")
        pre_delete.connect(deleting, sender=model, dispatch_uid=f"{uid}.deleting")
        post_delete.connect(deleted, sender=model, dispatch_uid=f"{uid}.deleted")
    for through in _RELATIONS:
        m2m_changed.connect(
            _relation_changed, sender=through, dispatch_uid=f"security.privileges.{through}"
        )
