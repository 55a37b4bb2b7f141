"""Second-factor steps the security tests share: the pages, a device's current code, and an
enrolment walked through the setup page."""

import time

from django.core.management import call_command
from django_otp.oath import TOTP

from security.models import SealedTOTPDevice

SETUP = "/admin/second-factor/setup/"
VERIFY = "/admin/second-factor/verify/"


def current_code(device: SealedTOTPDevice) -> str:
    device.refresh_from_db()
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time()
    return f"{totp.token():06d}"


def enrol(client, user) -> tuple[SealedTOTPDevice, list[str]]:
    """Allowed by the command, confirmed on the setup page: the device and its backup codes."""
    call_command("allow_otp_enrolment", "--username", user.username)
    device = SealedTOTPDevice.objects.get(user=user)
    page = client.post(SETUP, {"code": current_code(device), "next": "/admin/"})
    assert page.status_code == 200 and b"Backup codes" in page.content
    return device, page.context["codes"]
