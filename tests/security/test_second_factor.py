"""The staff second factor and idle sessions: with STAFF_OTP_REQUIRED on, no staff account
(superuser, analyst, auditor or in no group) reaches an admin page without a verified device;
enrolment needs an administrator's leave; codes and backup codes verify; an idle staff session
ends."""

from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.utils import timezone
from django_otp.plugins.otp_static.models import StaticToken

from security import second_factor
from security.models import SealedTOTPDevice
from tests.reviews.admin_support import ANALYST, AUDITOR, logged_in, staff_user
from tests.security.otp_support import SETUP, VERIFY, current_code, enrol

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def otp_required(settings):
    settings.STAFF_OTP_REQUIRED = True


@pytest.mark.parametrize(
    ("group", "superuser"), [(None, True), (ANALYST, False), (AUDITOR, False), (None, False)]
)
def test_without_an_enrolled_device_the_admin_is_out_of_reach(group, superuser):
    user = staff_user("otp_needy", group=group, superuser=superuser)
    client = logged_in(user)
    for path in ("/admin/", "/admin/reviews/participantreview/", "/admin/auth/user/"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"].startswith(f"{SETUP}?next=")
    refused = client.get(SETUP)
    assert refused.status_code == 403 and b"enrolment has not been allowed" in refused.content
    assert client.post("/admin/auth/user/", {"action": "delete_selected"}).status_code == 302


def test_staff_in_no_group_need_it_too_and_a_setting_turned_off_asks_for_nothing(settings):
    plain = staff_user("otp_plain", group=None)
    assert logged_in(plain).get("/admin/")["Location"].startswith(f"{SETUP}?next=")
    settings.STAFF_OTP_REQUIRED = False
    assert logged_in(staff_user("otp_off", superuser=True)).get("/admin/").status_code == 200


def test_enrolment_by_qr_code_then_backup_codes_then_the_admin():
    user = staff_user("otp_enrol", superuser=True)
    client = logged_in(user)
    call_command("allow_otp_enrolment", "--username", user.username)
    page = client.get(SETUP + "?next=/admin/auth/user/")
    assert page.status_code == 200
    assert b'<img src="data:image/svg+xml' in page.content
    device = SealedTOTPDevice.objects.get(user=user)
    wrong = client.post(SETUP, {"code": "000000" if current_code(device) != "000000" else "111111"})
    assert wrong.status_code == 200 and b"That code is not right" in wrong.content
    # After a failure the device makes the next try wait (django-otp's throttling).
    with time_machine.travel(timezone.now() + timedelta(seconds=5), tick=False):
        done = client.post(SETUP, {"code": current_code(device), "next": "/admin/auth/user/"})
        assert done.status_code == 200
        codes = done.context["codes"]
        assert len(codes) == 10 and len(set(codes)) == 10
        assert all(code.encode() in done.content for code in codes)
        assert SealedTOTPDevice.objects.get(user=user).confirmed
        stored = set(StaticToken.objects.values_list("token", flat=True))
        assert len(stored) == 10 and not stored & set(codes)  # kept hashed, never in clear
        assert client.get("/admin/auth/user/").status_code == 200
        # Enrolled: the setup page no longer shows a key.
        assert client.get(SETUP)["Location"].startswith(VERIFY)


def test_enrolment_allowed_too_long_ago_has_lapsed(settings):
    user = staff_user("otp_lapsed", superuser=True)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        call_command("allow_otp_enrolment", "--username", user.username)
    with time_machine.travel(start + timedelta(hours=25), tick=False):
        assert logged_in(user).get(SETUP).status_code == 403


def test_a_new_session_verifies_with_a_code_or_a_backup_code_once():
    user = staff_user("otp_verify", superuser=True)
    device, codes = enrol(logged_in(user), user)
    later = timezone.now() + timedelta(seconds=60)  # the next time step: a code is used once
    with time_machine.travel(later, tick=False):
        fresh = logged_in(user)
        assert fresh.get("/admin/")["Location"] == f"{VERIFY}?next=%2Fadmin%2F"
        refused = fresh.post(VERIFY, {"code": "12345", "next": "/admin/"})
        assert refused.status_code == 200 and b"That code is not right" in refused.content
    with time_machine.travel(later + timedelta(seconds=60), tick=False):
        # Throttled after a failure: the next try waits for the device's back-off.
        ok = fresh.post(VERIFY, {"code": current_code(device), "next": "/admin/"})
        assert ok.status_code == 302 and ok["Location"] == "/admin/"
        assert fresh.get("/admin/").status_code == 200
        backup = logged_in(user)
        assert backup.post(VERIFY, {"code": codes[0], "next": "/admin/"}).status_code == 302
        assert backup.get("/admin/").status_code == 200
        again = logged_in(user)
        assert again.post(VERIFY, {"code": codes[0]}).status_code == 200  # used up
        assert again.get("/admin/").status_code == 302


def test_the_verify_page_does_not_redirect_off_site():
    user = staff_user("otp_next", superuser=True)
    device, _ = enrol(logged_in(user), user)
    with time_machine.travel(timezone.now() + timedelta(seconds=60), tick=False):
        response = logged_in(user).post(
            VERIFY, {"code": current_code(device), "next": "https://evil.example/"}
        )
    assert response["Location"] == "/admin/"


def test_a_superuser_allows_enrolment_from_the_admin():
    admin = staff_user("otp_admin", superuser=True)
    analyst = staff_user("otp_analyst")
    client = logged_in(admin)
    enrol(client, admin)
    response = client.post(
        "/admin/auth/user/",
        {"action": "allow_otp_enrolment", "_selected_action": [analyst.pk]},
        follow=True,
    )
    assert b"Enrolment allowed for 1 user(s)" in response.content
    assert second_factor.pending_enrolment(analyst) is not None
    assert logged_in(analyst).get(SETUP).status_code == 200


def test_an_idle_staff_session_ends(settings):
    settings.STAFF_OTP_REQUIRED = False
    user = staff_user("idle_ana")
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        client = logged_in(user)
        assert client.get("/admin/").status_code == 200
    with time_machine.travel(start + timedelta(minutes=29), tick=False):
        assert client.get("/admin/").status_code == 200  # activity keeps it alive
    with time_machine.travel(start + timedelta(minutes=58), tick=False):
        assert client.get("/admin/").status_code == 200
    with time_machine.travel(start + timedelta(minutes=89), tick=False):
        gone = client.get("/admin/reviews/participantreview/")
        assert gone.status_code == 302 and gone["Location"].startswith("/admin/login/")
        login_page = client.get(gone["Location"])
        assert b"Your session ended after 30 minutes idle." in login_page.content
        assert "_auth_user_id" not in client.session
