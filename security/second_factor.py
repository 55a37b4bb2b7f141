"""The staff second factor (django-otp): every staff account needs it, enrolment is allowed by
an administrator, TOTP confirmation with backup codes, and verification.

A password alone never enrols a device: an administrator (or `allow_otp_enrolment` on the
server) first allows it, which makes an unconfirmed TOTP device valid for
STAFF_OTP_ENROLMENT_SECONDS; the user then scans its QR code and proves it with a code. So a
stolen password of a user who has a device, or who has not been allowed to enrol, is not
enough to reach the admin."""

import base64
import hashlib
import hmac
import logging
import secrets
from datetime import timedelta

import segno
from django.conf import settings
from django.db import transaction
from django.middleware.csrf import rotate_token
from django.utils import timezone
from django_otp import devices_for_user
from django_otp import login as otp_login
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken

from common import request_context
from security.lockout import username_digest
from security.models import SealedTOTPDevice

log = logging.getLogger("security.otp")

ENROLMENT_NAME = "Authenticator app"
BACKUP_NAME = "Backup codes"
BACKUP_CODES = 10
BACKUP_CODE_LENGTH = 10  # hex characters (5 random bytes)


def required_for(user) -> bool:
    """Every staff account, whatever its groups, while STAFF_OTP_REQUIRED is on: a staff user
    with no group can still be given permissions, so none acts on a password alone."""
    return bool(settings.STAFF_OTP_REQUIRED and user.is_authenticated and user.is_staff)


def has_device(user) -> bool:
    return any(True for _ in devices_for_user(user, confirmed=True))


def enrolment_window_seconds() -> int:
    return settings.STAFF_OTP_ENROLMENT_SECONDS


def pending_enrolment(user) -> SealedTOTPDevice | None:
    """The unconfirmed device an administrator allowed, while still valid."""
    valid_from = timezone.now() - timedelta(seconds=settings.STAFF_OTP_ENROLMENT_SECONDS)
    return (
        SealedTOTPDevice.objects.filter(user=user, confirmed=False, created_at__gte=valid_from)
        .order_by("-created_at")
        .first()
    )


@transaction.atomic
def allow_enrolment(user, *, by: str) -> SealedTOTPDevice:
    """Replaces any earlier unconfirmed device; confirmed devices stay until deleted."""
    SealedTOTPDevice.objects.filter(user=user, confirmed=False).delete()
    device = SealedTOTPDevice.create_for(user, name=ENROLMENT_NAME)
    _log("otp enrolment allowed", user, by=by)
    return device


def secret_text(device: SealedTOTPDevice) -> str:
    """The key as an app asks for it when typed instead of scanned (base32, in fours)."""
    text = base64.b32encode(device.bin_key).decode().rstrip("=")
    return " ".join(text[i : i + 4] for i in range(0, len(text), 4))


def qr_svg_data_uri(device: SealedTOTPDevice) -> str:
    """The device's otpauth:// URL as an SVG QR code, for an <img> (no inline markup)."""
    return segno.make(device.config_url, error="m").svg_data_uri(scale=5, border=2)


@transaction.atomic
def confirm(request, device: SealedTOTPDevice, token: str) -> list[str] | None:
    """Checks the first code; on success the device counts, a fresh set of backup codes is
    made (returned, shown once) and this session is verified."""
    if not device.verify_token(token.strip()):
        _log("otp enrolment code refused", device.user)
        return None
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    codes = replace_backup_codes(device.user)
    _complete(request, device)
    _log("otp device enrolled", device.user)
    return codes


def replace_backup_codes(user) -> list[str]:
    StaticDevice.objects.filter(user=user).delete()
    backup = StaticDevice.objects.create(user=user, name=BACKUP_NAME, confirmed=True)
    codes = [secrets.token_hex(BACKUP_CODE_LENGTH // 2) for _ in range(BACKUP_CODES)]
    StaticToken.objects.bulk_create(
        StaticToken(device=backup, token=backup_digest(code)) for code in codes
    )
    return codes


def backup_digest(code: str) -> str:
    """What is stored of a backup code: a keyed hash (django-otp compares the stored value
    with what it is given, so it is given the hash too), never the code."""
    key = settings.SECRET_KEY.encode()
    digest = hmac.new(key, b"backup-code/" + code.lower().encode(), hashlib.sha256)
    return digest.hexdigest()[:16]  # StaticToken.token holds 16 characters


def verify(request, token: str) -> bool:
    """A code from any confirmed device of the user (a backup code is used up); devices
    throttle repeated failures themselves."""
    token = token.strip().replace(" ", "")
    # A code is tried on the kind of device whose form it has (a backup code is 10 characters,
    # an authenticator's 6 or 8 digits), so a mistyped code of one kind never throttles the
    # other.
    backup = len(token) == BACKUP_CODE_LENGTH
    for device in devices_for_user(request.user, confirmed=True):
        if isinstance(device, StaticDevice) != backup:
            continue
        verified = _verified_once(device, backup_digest(token) if backup else token)
        if verified is not None:
            _complete(request, verified)
            _log("otp verified", request.user, device=type(device).__name__)
            return True
    _log("otp code refused", request.user)
    return False


def _verified_once(device, token: str):
    """The device, re-read under its row lock, when the code verifies on it. The lock is held
    until the code is used up (a backup code deleted, a TOTP step recorded), so one code sent
    from several sessions at once verifies in one of them only."""
    with transaction.atomic():
        locked = type(device).objects.select_for_update().get(pk=device.pk)
        return locked if locked.verify_token(token) else None


def _complete(request, device) -> None:
    """Marks the session verified and gives it a new key (and CSRF token), as a login does: a
    cookie taken before the second factor opens nothing after it."""
    otp_login(request, device)
    request.session.cycle_key()
    rotate_token(request)


def _log(event: str, user, **extra) -> None:
    details = "".join(f" {name}={value}" for name, value in extra.items())
    level = logging.WARNING if "refused" in event or "allowed" in event else logging.INFO
    log.log(
        level,
        "%s user=%s request_id=%s%s",
        event,
        username_digest(user.get_username()),
        request_context.request_id() or "-",
        details,
    )
