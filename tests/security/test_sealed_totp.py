"""The authenticator key is sealed at rest: no hex or base32 key in the database, bound to its
user, and a device enrolled under django-otp's own hex table moves to the sealed one by the
migration with its codes still verifying."""

import base64
import time

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from common import sealed
from security import second_factor
from security.models import SealedTOTPDevice
from tests.reviews.admin_support import staff_user


def _code(key: bytes, device) -> int:
    totp = TOTP(key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time()
    return totp.token()


def _stored_row(device) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT * FROM {SealedTOTPDevice._meta.db_table} WHERE id = %s", [device.pk]
        )
        return " ".join(str(value) for value in cursor.fetchone())


@pytest.mark.django_db
def test_the_key_is_not_in_the_database_in_any_form():
    user = staff_user("sealed_key_owner", superuser=True)
    device = second_factor.allow_enrolment(user, by="test")
    key = device.bin_key
    stored = _stored_row(device)
    assert len(key) == 20
    for form in (key.hex(), key.hex().upper(), base64.b32encode(key).decode().rstrip("=")):
        assert form not in stored
    assert not TOTPDevice.objects.exists()  # django-otp's hex table stays empty
    assert SealedTOTPDevice.objects.get(pk=device.pk).verify_token(_code(key, device))


@pytest.mark.django_db
def test_a_sealed_key_copied_to_another_users_device_does_not_open():
    owner = staff_user("sealed_owner", superuser=True)
    other = staff_user("sealed_other", superuser=True)
    device = second_factor.allow_enrolment(owner, by="test")
    theirs = second_factor.allow_enrolment(other, by="test")
    theirs.sealed_key = device.sealed_key
    theirs.save()
    theirs.refresh_from_db()
    with pytest.raises(sealed.WrongOwner):
        _ = theirs.bin_key
    assert theirs.verify_token(_code(device.bin_key, device)) is False


@pytest.mark.django_db(transaction=True)
def test_the_migration_seals_devices_enrolled_in_hex_and_their_codes_still_verify():
    user = staff_user("hex_enrolled", superuser=True)
    executor = MigrationExecutor(connection)
    executor.migrate([("security", None)])
    try:
        old = (
            MigrationExecutor(connection)
            .loader.project_state([("otp_totp", "0003_add_timestamps")])
            .apps
        )
        key = bytes(range(20))
        hex_device = old.get_model("otp_totp", "TOTPDevice").objects.create(
            user_id=user.pk,
            name="Authenticator app",
            confirmed=True,
            key=key.hex(),
            drift=1,
            last_t=5,
        )
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    moved = SealedTOTPDevice.objects.get(user=user)
    assert not TOTPDevice.objects.exists()
    assert (moved.name, moved.confirmed, moved.drift, moved.last_t) == (
        "Authenticator app",
        True,
        1,
        5,
    )
    assert moved.created_at == hex_device.created_at
    assert moved.bin_key == key
    assert key.hex() not in _stored_row(moved)
    assert moved.verify_token(_code(key, moved))
