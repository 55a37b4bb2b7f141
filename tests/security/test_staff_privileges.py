"""Only superusers change staff privileges: a staff user who may change users opens its own
form, but is_staff, is_superuser, groups and permissions are not in it, a forged POST of them
grants nothing, groups are out of its reach, and the rule holds below the admin too (any code
acting for it). A superuser grants them, and each change is on the staff trail."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse

from security import privileges, second_factor
from security.models import StaffChange
from tests.reviews.admin_support import ANALYST, logged_in, review_group, staff_user

pytestmark = pytest.mark.django_db

USERS = "/admin/auth/user/"
GROUPS = "/admin/auth/group/"


def _may_change_users(username: str):
    """A staff user in no group holding what a user manager would: users and groups."""
    user = staff_user(username, group=None)
    wanted = ("view_user", "change_user", "add_user", "view_group", "change_group", "add_group")
    user.user_permissions.set(Permission.objects.filter(codename__in=wanted))
    return user


def _user_form(user, **privileged) -> dict:
    """The change form of `user` as posted back, with `privileged` fields added."""
    return {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "is_active": "on",
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        "_save": "Save",
        **privileged,
    }


def test_a_non_superuser_cannot_grant_itself_privileges_even_by_a_forged_post():
    user = _may_change_users("self_sam")
    client = logged_in(user)
    url = reverse("admin:auth_user_change", args=[user.pk])
    page = client.get(url)
    assert page.status_code == 200
    form_fields = page.context["adminform"].form.fields
    for name in ("is_staff", "is_superuser", "groups", "user_permissions"):
        assert name not in form_fields
    granted_before = set(user.user_permissions.values_list("pk", flat=True))
    every = [str(pk) for pk in Permission.objects.values_list("pk", flat=True)]
    forged = _user_form(
        user,
        is_superuser="on",
        is_staff="on",
        groups=[str(review_group(ANALYST).pk)],
        user_permissions=every,
        first_name="Samuel",
    )
    response = client.post(url, forged)
    assert response.status_code == 302  # the rest of the form is saved
    user.refresh_from_db()
    assert user.first_name == "Samuel"
    assert not user.is_superuser and not user.groups.exists()
    assert set(user.user_permissions.values_list("pk", flat=True)) == granted_before
    by_it = StaffChange.objects.filter(subject=str(user.pk), actor_user_id=str(user.pk))
    assert not by_it.exists()


def test_groups_and_superusers_are_out_of_a_non_superusers_reach():
    user = _may_change_users("grp_gil")
    analysts = review_group(ANALYST)
    admin = staff_user("grp_root", group=None, superuser=True)
    client = logged_in(user)
    every = [str(pk) for pk in Permission.objects.values_list("pk", flat=True)]
    assert client.get(GROUPS).status_code == 200  # it may look
    assert client.post(f"{GROUPS}add/", {"name": "Mine", "permissions": every}).status_code == 403
    change = client.post(f"{GROUPS}{analysts.pk}/change/", {"name": ANALYST, "permissions": every})
    assert change.status_code == 403
    assert client.post(f"{GROUPS}{analysts.pk}/delete/", {"post": "yes"}).status_code == 403
    assert not Group.objects.filter(name="Mine").exists()
    assert analysts.permissions.count() < len(every)
    # A superuser's account, its password included, is not this user's to change.
    password_page = reverse("admin:auth_user_password_change", args=[admin.pk])
    assert client.get(password_page).status_code == 403
    password = {"password1": "a-new-long-password-9", "password2": "a-new-long-password-9"}
    assert client.post(password_page, password).status_code == 403
    admin.refresh_from_db()
    assert not admin.check_password("a-new-long-password-9")
    # Nor is allowing second-factor enrolment, for itself or anyone.
    assert b"allow_otp_enrolment" not in client.get(USERS).content
    client.post(USERS, {"action": "allow_otp_enrolment", "_selected_action": [user.pk]})
    assert second_factor.pending_enrolment(user) is None


def test_the_rule_holds_below_the_admin_for_code_acting_for_a_non_superuser():
    user = _may_change_users("deep_dee")
    target = staff_user("deep_target", group=None)
    analysts = review_group(ANALYST)
    refused = (
        lambda: target.groups.add(analysts),
        lambda: analysts.user_set.add(target),
        lambda: target.user_permissions.add(*Permission.objects.all()[:3]),
        lambda: analysts.permissions.clear(),
        lambda: analysts.delete(),
    )
    with privileges.acting(user):
        for change in refused:
            # A savepoint each: a refused write leaves its transaction to be rolled back.
            with pytest.raises(PermissionDenied), transaction.atomic():
                change()
        target.is_superuser = True
        with pytest.raises(PermissionDenied), transaction.atomic():
            target.save()
        target.refresh_from_db()
        target.first_name = "Renamed"
        target.save()  # what is not a privilege stays this user's to change
    assert not target.groups.exists() and not target.is_superuser
    assert analysts.permissions.exists()


def test_a_superuser_grants_them_and_each_change_is_on_the_trail():
    root = staff_user("root_rita", group=None, superuser=True)
    user = staff_user("new_nate", group=None)
    analysts = review_group(ANALYST)
    view_user = Permission.objects.get(codename="view_user")
    client = logged_in(root)
    url = reverse("admin:auth_user_change", args=[user.pk])
    assert "is_superuser" in client.get(url).context["adminform"].form.fields
    granted = _user_form(
        user, is_staff="on", groups=[str(analysts.pk)], user_permissions=[str(view_user.pk)]
    )
    assert client.post(url, granted).status_code == 302
    assert user.groups.filter(pk=analysts.pk).exists()
    changes = StaffChange.objects.filter(kind="user", subject=str(user.pk), action="update")
    assert {(tuple(change.before), tuple(change.after)) for change in changes} == {
        (("groups",), ("groups",)),
        (("user_permissions",), ("user_permissions",)),
    }
    for change in changes:
        assert change.actor_kind == "user" and change.actor_user_id == str(root.pk)
        assert change.actor_display_name == "Root Rita"
    grouped = changes.get(before__has_key="groups")
    assert (grouped.before, grouped.after) == ({"groups": []}, {"groups": [ANALYST]})
    assert changes.get(before__has_key="user_permissions").after == {
        "user_permissions": ["auth.view_user"]
    }
