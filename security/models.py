"""The staff second factor's authenticator device: django-otp's TOTP with its key sealed at
rest. django-otp's own TOTPDevice keeps the key in hex, so a database dump would let anyone
mint a superuser's codes; here the key is a JWE (`common.sealed`) bound to its user, under
STAFF_OTP_ENCRYPTION_KEY (unset: derived from SECRET_KEY)."""

import logging
import secrets

from django.conf import settings
from django.db import models
from django_otp.models import Device, ThrottlingMixin, TimestampMixin
from django_otp.plugins.otp_totp.models import TOTPDevice

from common import sealed

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
