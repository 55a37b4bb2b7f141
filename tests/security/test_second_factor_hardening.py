"""The second factor against the attacks found: a staff account in no group, even holding
every permission, reaches no admin page with its password alone; the session key changes when
the second factor completes, so the cookie from before opens nothing; and one backup code sent
from eight sessions at once verifies in one only (PostgreSQL)."""

from datetime import timedelta

import pytest
import time_machine
from django.apps import apps
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from tests.concurrency import race
from tests.reviews.admin_support import PASSWORD, logged_in, staff_user
from tests.security.otp_support import SETUP, VERIFY, current_code, enrol

QUEUE = "/admin/reviews/participantreview/"


@pytest.fixture(autouse=True)
def otp_required(settings):
    settings.STAFF_OTP_REQUIRED = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _admin_pages(user) -> list[str]:
    """The index, every app's page, every registered model's list and add pages, and the
    user's own change and password pages."""
    pages = ["/admin/", "/admin/password_change/"]
    for model in apps.get_models():
        opts = model._meta
        for view in ("changelist", "add"):
            try:
                pages.append(reverse(f"admin:{opts.app_label}_{opts.model_name}_{view}"))
            except NoReverseMatch:
                continue  # not in the admin
    labels = {page.split("/")[2] for page in pages if page.count("/") > 3}
    pages += [reverse("admin:app_list", args=[label]) for label in sorted(labels)]
    pages += [
        reverse("admin:auth_user_change", args=[user.pk]),
        reverse("admin:auth_user_password_change", args=[user.pk]),
    ]
    return pages


@pytest.mark.django_db
def test_a_staff_user_in_no_group_with_only_a_password_reaches_no_admin_page():
    user = staff_user("plain_pat", group=None)
    user.user_permissions.set(Permission.objects.all())  # what such an account could gain
    client = Client()
    login = client.post("/admin/login/?next=/admin/", {"username": user.username,
                                                        "password": PASSWORD})  # fmt: skip
    assert login.status_code == 302 and "_auth_user_id" in client.session
    pages = _admin_pages(user)
    assert len(pages) > 40
    for page in pages:
        response = client.get(page)
        assert response.status_code == 302, page
        assert response["Location"].startswith(f"{SETUP}?next="), page
    # Nor does a change posted straight to a form get through.
    forged = client.post(reverse("admin:auth_user_change", args=[user.pk]), {"is_superuser": "on"})
    assert forged.status_code == 302 and forged["Location"].startswith(SETUP)
    user.refresh_from_db()
    assert not user.is_superuser


@pytest.mark.django_db
def test_the_session_key_changes_at_the_second_factor_and_the_old_cookie_opens_nothing(settings):
    user = staff_user("rotate_rae")
    device, _ = enrol(logged_in(user), user)
    with time_machine.travel(timezone.now() + timedelta(seconds=60), tick=False):
        client = Client()
        client.post("/admin/login/", {"username": user.username, "password": PASSWORD})
        before = client.cookies[settings.SESSION_COOKIE_NAME].value
        assert client.get(QUEUE)["Location"].startswith(VERIFY)
        verified = client.post(VERIFY, {"code": current_code(device), "next": QUEUE})
        assert verified.status_code == 302 and verified["Location"] == QUEUE
        after = client.cookies[settings.SESSION_COOKIE_NAME].value
        assert after != before
        assert client.get(QUEUE).status_code == 200
        stolen = Client()
        stolen.cookies[settings.SESSION_COOKIE_NAME] = before
        for page in (QUEUE, "/admin/", VERIFY):
            response = stolen.get(page)
            assert response.status_code == 302 and response["Location"].startswith(
                "/admin/login/"
            ), page


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_one_backup_code_raced_from_eight_sessions_verifies_once():
    user = staff_user("race_rex", group=None)
    _, codes = enrol(logged_in(user), user)
    sessions = [logged_in(user) for _ in range(8)]

    def send(number):
        response = sessions[number].post(VERIFY, {"code": codes[0], "next": "/admin/"})
        return response.status_code

    statuses = race(send, 8)
    assert sorted(statuses) == [200] * 7 + [302], statuses
    opened = [client for client in sessions if client.get("/admin/").status_code == 200]
    assert len(opened) == 1
