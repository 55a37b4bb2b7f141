"""Secrets encrypted at rest: a compact JWE (`dir` + A256GCM) under a key-encryption key
derived from a configured secret and a purpose label, bound to its owner by an authenticated
header. A database dump alone reveals none of them, and a sealed value copied onto another
owner's row does not open."""

import base64
import hashlib
import hmac

from jwcrypto import jwe, jwk
from jwcrypto.common import JWException

_HEADER = {"alg": "dir", "enc": "A256GCM"}


class Unreadable(RuntimeError):
    """The sealed value cannot be opened here (the key-encryption key changed, or it belongs
    to another owner)."""


class WrongOwner(Unreadable):
    """The sealed value opened, but its header binds it to another owner."""


def _kek(secret: str, label: bytes) -> jwk.JWK:
    derived = hmac.new(secret.encode(), label, hashlib.sha256).digest()
    return jwk.JWK(kty="oct", k=base64.urlsafe_b64encode(derived).rstrip(b"=").decode())


def seal(plaintext: bytes, *, secret: str, label: bytes, binding: dict) -> str:
    kek = _kek(secret, label)
    token = jwe.JWE(plaintext=plaintext, protected={**_HEADER, "kid": kek.thumbprint(), **binding})
    token.add_recipient(kek)
    return token.serialize(compact=True)


def unseal(sealed: str, *, secret: str, label: bytes, binding: dict) -> bytes:
    token = jwe.JWE()
    token.allowed_algs = [_HEADER["alg"], _HEADER["enc"]]
    try:
        token.deserialize(sealed, key=_kek(secret, label))
    except JWException:
        raise Unreadable("the key-encryption key changed") from None
    header = token.jose_header
    if any(header.get(name) != value for name, value in binding.items()):
        raise WrongOwner("the sealed value belongs to another owner")
    return token.payload
