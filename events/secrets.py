"""Webhook signing secrets: `whsec_` + base64 of 32 random bytes (the Standard Webhooks
form), kept sealed at rest and bound to their endpoint."""

import base64
import secrets

from django.conf import settings

from common import sealed

PREFIX = "whsec_"
_LABEL = b"provider-service/webhook-secret-at-rest/v1"


def generate() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def _key() -> str:
    return settings.WEBHOOK_SECRET_ENCRYPTION_KEY or settings.SECRET_KEY


def seal(secret: str, *, endpoint_id: str) -> str:
    return sealed.seal(
        secret.encode(), secret=_key(), label=_LABEL, binding={"endpointID": endpoint_id}
    )


def unseal(value: str, *, endpoint_id: str) -> str:
    return sealed.unseal(
        value, secret=_key(), label=_LABEL, binding={"endpointID": endpoint_id}
    ).decode()
