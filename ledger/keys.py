"""The key a provider's ledger shares with the service: one 256-bit symmetric key for A256KW.

Generation and validation of the JWK, and its encryption at rest: the stored form is a JWE
(`dir` + A256GCM) under a key-encryption key derived from `LEDGER_KEY_ENCRYPTION_KEY` (or
`SECRET_KEY` when that is unset), bound to the provider in its protected header. A database
dump alone does not reveal the ledger keys.
"""

import base64
import json
import re
from functools import lru_cache

from django.conf import settings
from jwcrypto import jwk

from common import sealed

KEY_ALG = "A256KW"
KEY_BYTES = 32
_KDF_LABEL = b"provider-service/ledger-key-at-rest/v1"
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]+\Z")


class InvalidKey(ValueError):
    """A JWK that is not a 256-bit `oct` key usable for A256KW."""


class UnreadableKey(RuntimeError):
    """A stored key that cannot be decrypted (the key-encryption key changed)."""


def generate() -> jwk.JWK:
    return _normalized(jwk.JWK.generate(kty="oct", size=KEY_BYTES * 8).export_symmetric())


def parse(value: str | dict) -> jwk.JWK:
    """A JWK given by staff: JSON text or a dict, `kty` oct, 256-bit `k`, alg A256KW if named."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise InvalidKey("the key is not JSON") from None
    if not isinstance(value, dict):
        raise InvalidKey("the key must be a JSON object (a JWK)")
    if value.get("kty") != "oct":
        raise InvalidKey('the key must be a symmetric JWK ("kty": "oct")')
    if value.get("alg", KEY_ALG) != KEY_ALG:
        raise InvalidKey(f'the key\'s "alg" must be {KEY_ALG}')
    if value.get("use", "enc") != "enc":
        raise InvalidKey('the key\'s "use" must be "enc"')
    raw = value.get("k")
    if not isinstance(raw, str) or not raw:
        raise InvalidKey('the key has no "k"')
    if not _BASE64URL.match(raw):
        raise InvalidKey('"k" is not base64url')
    decoded = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))
    if len(decoded) != KEY_BYTES:
        raise InvalidKey(f"the key must be {KEY_BYTES * 8} bits, got {len(decoded) * 8}")
    return _normalized(json.dumps({"kty": "oct", "k": raw}))


def _normalized(symmetric_json: str) -> jwk.JWK:
    key = jwk.JWK.from_json(symmetric_json)
    return jwk.JWK(kty="oct", k=key["k"], alg=KEY_ALG, kid=key.thumbprint())


def fingerprint(key: jwk.JWK) -> str:
    """RFC 7638 thumbprint: identifies the key without revealing it."""
    return key.thumbprint()


def as_jwk(key: jwk.JWK) -> dict:
    """The full JWK (with `k`): shown once, when generated."""
    return json.loads(key.export(private_key=True))


def description(key_id: str) -> dict:
    """A key without its secret part (by thumbprint): enough to confirm which key is set."""
    return {"kty": "oct", "alg": KEY_ALG, "kid": key_id}


def _secret() -> str:
    return settings.LEDGER_KEY_ENCRYPTION_KEY or settings.SECRET_KEY


def seal(key: jwk.JWK, *, provider_id: str) -> str:
    return sealed.seal(
        key.export(private_key=True).encode(),
        secret=_secret(),
        label=_KDF_LABEL,
        binding={"providerID": provider_id},
    )


def unseal(value: str, *, provider_id: str) -> jwk.JWK:
    """The stored key in clear. Every ledger call (and the sandbox's every answer) opens its
    provider's key: the key opened from one sealed value under one key-encryption key is kept
    (bounded), and a new registration or rotation stores a new sealed value, read afresh."""
    return _unsealed(value, provider_id, _secret())


@lru_cache(maxsize=256)
def _unsealed(value: str, provider_id: str, secret: str) -> jwk.JWK:
    try:
        payload = sealed.unseal(
            value, secret=secret, label=_KDF_LABEL, binding={"providerID": provider_id}
        )
    except sealed.WrongOwner:
        raise UnreadableKey("the stored ledger key belongs to another provider") from None
    except sealed.Unreadable:
        raise UnreadableKey(
            "the stored ledger key cannot be decrypted: the key-encryption key changed; "
            "register the ledger key again"
        ) from None
    return _normalized(payload.decode())
