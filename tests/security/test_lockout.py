"""The admin login's lockout: failures of one username from one address lock that pair (and
only that pair) for the cool-off, which grows with the pair's failures; the page says for how
long, every failure and lockout is logged without the username in clear, and staff lift it
from the admin or with `unlock_staff_login`."""

import logging
from datetime import timedelta

import pytest
import time_machine
from axes.models import AccessAttempt
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from security.lockout import username_digest
from tests.reviews.admin_support import PASSWORD, staff_user

LOGIN = "/admin/login/?next=/admin/"


def _attempt(client, username, password, address="198.51.100.7", request_id=None):
    headers = {"X-Request-ID": request_id} if request_id else {}
    return client.post(
        LOGIN,
        {"username": username, "password": password, "next": "/admin/"},
        REMOTE_ADDR=address,
        headers=headers,
    )


def _logged_in(response) -> bool:
    return response.status_code == 302 and response["Location"] == "/admin/"


def _fail(client, username, times, address="198.51.100.7"):
    """Wrong passwords: the login form again with its error, until the one that reaches the
    limit, which is refused as a lockout."""
    for number in range(times):
        response = _attempt(client, username, f"wrong-{number}", address)
        assert response.status_code in (200, 429)
        assert (response.status_code == 200) == (b"Please enter the correct" in response.content)


@pytest.fixture(autouse=True)
def fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.django_db
def test_ten_failures_lock_the_account_and_the_right_password_is_refused(caplog):
    staff_user("lock_alice", superuser=True)
    client = Client()
    caplog.set_level(logging.INFO, logger="security.login")
    for number in range(9):
        assert _attempt(client, "lock_alice", f"wrong-{number}").status_code == 200
    assert _attempt(client, "lock_alice", "wrong-9").status_code == 429  # the 10th locks
    refused = _attempt(client, "lock_alice", PASSWORD, request_id="req-lockout-11")
    assert refused.status_code == 429
    assert b"Too many failed logins" in refused.content
    assert b"Try again in 15 minutes" in refused.content
    assert "_auth_user_id" not in client.session
    lines = [record.getMessage() for record in caplog.records]
    failed = [line for line in lines if line.startswith("staff login failed")]
    locked = [line for line in lines if line.startswith("staff login locked out")]
    assert len(failed) >= 10 and locked
    digest = username_digest("lock_alice")
    assert f"user={digest}" in locked[0] and "address=198.51.100.7" in locked[0]
    assert any("request_id=req-lockout-11" in line for line in failed + locked)
    assert not any("lock_alice" in line for line in lines)  # never the username in clear


@pytest.mark.django_db
def test_ten_failures_from_one_address_lock_neither_that_user_elsewhere_nor_others_there():
    staff_user("lock_bob", superuser=True)
    staff_user("lock_carol", superuser=True)
    _fail(Client(), "lock_bob", 10, address="198.51.100.8")
    assert _attempt(Client(), "lock_bob", PASSWORD, address="198.51.100.8").status_code == 429
    # The same user from another address: not locked (nobody can lock a staff member out
    # from everywhere by failing on purpose).
    assert _logged_in(_attempt(Client(), "lock_bob", PASSWORD, address="203.0.113.9"))
    # Another user from the locked address: not locked either.
    assert _logged_in(_attempt(Client(), "lock_carol", PASSWORD, address="198.51.100.8"))
    # Still locked where the failures came from.
    assert _attempt(Client(), "lock_bob", PASSWORD, address="198.51.100.8").status_code == 429


@pytest.mark.django_db
def test_failures_spread_over_usernames_lock_each_pair_only():
    staff_user("lock_dave", superuser=True)
    for number in range(10):
        _fail(Client(), f"guess_{number}", 1, address="198.51.100.20")
    assert _logged_in(_attempt(Client(), "lock_dave", PASSWORD, address="198.51.100.20"))


@pytest.mark.django_db
def test_the_cool_off_grows_with_the_pairs_failures():
    staff_user("lock_gus", superuser=True)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        _fail(Client(), "lock_gus", 10)
    with time_machine.travel(start + timedelta(minutes=16), tick=False):
        assert _logged_in(_attempt(Client(), "lock_gus", PASSWORD))  # the first: 15 minutes
        Client().post("/admin/logout/")
        _fail(Client(), "lock_gus", 10)
        refused = _attempt(Client(), "lock_gus", PASSWORD)  # the 21st failure: 30 minutes
        assert refused.status_code == 429 and b"Try again in 30 minutes" in refused.content
    with time_machine.travel(start + timedelta(minutes=16 + 25), tick=False):
        assert _attempt(Client(), "lock_gus", PASSWORD).status_code == 429
    # The refused try at minute 25 started the 30 minutes again.
    with time_machine.travel(start + timedelta(minutes=16 + 25 + 31), tick=False):
        assert _logged_in(_attempt(Client(), "lock_gus", PASSWORD))
    # Another address starts at the base cool-off.
    _fail(Client(), "lock_gus", 10, address="203.0.113.77")
    refused = _attempt(Client(), "lock_gus", PASSWORD, address="203.0.113.77")
    assert b"Try again in 15 minutes" in refused.content


@pytest.mark.django_db
def test_nine_failures_do_not_lock_and_a_success_starts_the_count_again():
    staff_user("lock_erin", superuser=True)
    _fail(Client(), "lock_erin", 9)
    assert _logged_in(_attempt(Client(), "lock_erin", PASSWORD))
    _fail(Client(), "lock_erin", 9)
    assert _logged_in(_attempt(Client(), "lock_erin", PASSWORD))


@pytest.mark.django_db
def test_the_lockout_ends_after_the_cool_off():
    staff_user("lock_frank", superuser=True)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        _fail(Client(), "lock_frank", 10)
        assert _attempt(Client(), "lock_frank", PASSWORD).status_code == 429
    with time_machine.travel(start + timedelta(minutes=14), tick=False):
        assert _attempt(Client(), "lock_frank", PASSWORD).status_code == 429
    # The refused attempt at minute 14 started the cool-off again.
    with time_machine.travel(start + timedelta(minutes=30), tick=False):
        assert _logged_in(_attempt(Client(), "lock_frank", PASSWORD))


@pytest.mark.django_db
def test_the_command_unlocks_a_username(caplog):
    staff_user("lock_gina", superuser=True)
    _fail(Client(), "lock_gina", 10, address="203.0.113.30")
    assert _attempt(Client(), "lock_gina", PASSWORD, address="203.0.113.30").status_code == 429
    caplog.set_level(logging.INFO, logger="security.login")
    call_command("unlock_staff_login", "--username", "lock_gina")
    assert any(
        r.getMessage().startswith("staff login unlocked") and username_digest("lock_gina") in
        r.getMessage() for r in caplog.records
    )  # fmt: skip
    assert _logged_in(_attempt(Client(), "lock_gina", PASSWORD, address="203.0.113.30"))


@pytest.mark.django_db
def test_the_command_unlocks_an_address(capsys):
    staff_user("lock_hal", superuser=True)
    _fail(Client(), "someone", 10, address="198.51.100.40")
    _fail(Client(), "lock_hal", 10, address="198.51.100.40")
    assert _attempt(Client(), "lock_hal", PASSWORD, address="198.51.100.40").status_code == 429
    call_command("unlock_staff_login", "--address", "198.51.100.40")  # one record per pair
    assert "Unlocked 198.51.100.40: 2 failed-attempt records removed." in capsys.readouterr().out
    assert _logged_in(_attempt(Client(), "lock_hal", PASSWORD, address="198.51.100.40"))


@pytest.mark.django_db
def test_a_superuser_unlocks_from_the_admin():
    staff_user("lock_ivy", superuser=True)
    admin = staff_user("lock_admin", superuser=True)
    _fail(Client(), "lock_ivy", 10, address="198.51.100.50")
    _fail(Client(), "lock_ivy", 3, address="203.0.113.51")
    staff = Client()
    staff.force_login(admin)
    listing = staff.get("/admin/axes/accessattempt/")
    assert listing.status_code == 200 and b"lock_ivy" in listing.content
    # Two records: the ten failures from one address, the three from the other.
    attempt = AccessAttempt.objects.filter(username="lock_ivy", ip_address="198.51.100.50").get()
    response = staff.post(
        "/admin/axes/accessattempt/",
        {"action": "unlock", "_selected_action": [attempt.pk]},
        follow=True,
    )
    assert b"Unlocked: 2 failed-attempt records removed." in response.content
    assert not AccessAttempt.objects.filter(username="lock_ivy").exists()
    assert _logged_in(_attempt(Client(), "lock_ivy", PASSWORD, address="198.51.100.50"))


@pytest.mark.django_db
def test_an_analyst_cannot_unlock():
    analyst = staff_user("lock_analyst")
    staff = Client()
    staff.force_login(analyst)
    assert staff.get("/admin/axes/accessattempt/").status_code == 403
