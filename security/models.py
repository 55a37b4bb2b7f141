"""Staff security's rows: the second factor's authenticator device, and the trail of staff
privilege changes (`StaffChange`).

The authenticator device is django-otp's TOTP with its key sealed at rest. django-otp's own
TOTPDevice keeps the key in hex, so a database dump would let anyone mint a superuser's codes;
here the key is a JWE (`common.sealed`) bound to its user, under STAFF_OTP_ENCRYPTION_KEY
(unset: derived from SECRET_KEY)."""

import logging
import secrets

from django.conf import settings
from django.db import models
from django_otp.models import Device, ThrottlingMixin, TimestampMixin
from django_otp.plugins.otp_totp.models import TOTPDevice

from common import sealed
from common.fields import ChangeColumns

KEY_BYTES = 20  # 160 bits, as RFC 4226 recommends and django-otp's default
_LABEL = b"provider-service/staff-totp-key-at-rest/v1"
log = logging.getLogger("security.otp")


def _secret() -> str:
    return settings.STAFF_OTP_ENCRYPTION_KEY or settings.SECRET_KEY


def seal_key(key: bytes, *, user_id) -> str:
    return sealed.seal(key, secret=_secret(), label=_LABEL, binding={"userID": str(user_id)})


class SealedTOTPDevice(TimestampMixin, ThrottlingMixin, Device):
    sealed_key = models.TextField(editable=False)
    step = models.PositiveSmallIntegerField(default=30)
    t0 = models.BigIntegerField(default=0)
    digits = models.PositiveSmallIntegerField(choices=[(6, 6), (8, 8)], default=6)
    tolerance = models.PositiveSmallIntegerField(default=1)
    drift = models.SmallIntegerField(default=0)
    last_t = models.BigIntegerField(default=-1)

    class Meta(Device.Meta):
        verbose_name = "TOTP device"

    @classmethod
    def create_for(cls, user, *, name: str, confirmed: bool = False) -> "SealedTOTPDevice":
        device = cls(user=user, name=name, confirmed=confirmed)
        device.sealed_key = seal_key(secrets.token_bytes(KEY_BYTES), user_id=user.pk)
        device.save()
        return device

    @property
    def bin_key(self) -> bytes:
        return sealed.unseal(
            self.sealed_key, secret=_secret(), label=_LABEL, binding={"userID": str(self.user_id)}
        )

    def verify_token(self, token) -> bool:
        """django-otp's TOTP verification (time steps, tolerance, drift, replay guard,
        throttling) over `bin_key`; a key that does not open here (another user's, or sealed
        under another encryption key) verifies nothing."""
        try:
            return TOTPDevice.verify_token(self, token)
        except sealed.Unreadable as exc:
            log.error("otp device %s key unreadable: %s", self.pk, exc)
            return False

    # django-otp's own throttle factor, as its TOTPDevice has it: only the key's storage is
    # this model's.
    get_throttle_factor = TOTPDevice.get_throttle_factor

    @property
    def config_url(self) -> str:
        """django-otp's otpauth:// URL (its OTP_TOTP_ISSUER and OTP_TOTP_IMAGE settings), made
        by an unsaved TOTPDevice holding this key: its documented fields and property only."""
        return TOTPDevice(
            user=self.user, key=self.bin_key.hex(), step=self.step, digits=self.digits
        ).config_url


class StaffChange(ChangeColumns):
    """Append-only trail of staff privileges: a user's flags (is_active, is_staff,
    is_superuser), groups and permissions, and a group's permissions, with who changed them,
    when, and the values before and after (absent on a create and a delete respectively).
    Written by `security.privileges` only, whatever made the change (the admin, a command, a
    shell)."""

    class Kind(models.TextChoices):
        USER = "user"
        GROUP = "group"

    class Action(models.TextChoices):
        CREATE = "create"
        UPDATE = "update"
        DELETE = "delete"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    action = models.CharField(max_length=16, choices=Action.choices)
    subject = models.CharField(max_length=64, help_text="The user's or group's primary key.")
    label = models.CharField(max_length=255, blank=True, default="")  # username or group name

    class Meta:
        ordering = ["-created_on", "-id"]
        indexes = [
            models.Index(fields=["kind", "subject", "-created_on"], name="staff_change_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.action} {self.label or self.subject}"
