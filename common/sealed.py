"""Secrets encrypted at rest: a compact JWE (`dir` + A256GCM) under a key-encryption key
derived from a configured secret and a purpose label, bound to its owner by an authenticated
header. A database dump alone reveals none of them, and a sealed value copied onto another
owner's row does not open.

`seal` frames the JWE itself (RFC 7516 §5.1) with AES-GCM: jwcrypto's general machinery cost
most of a seal. `unseal` still opens with jwcrypto, an independent check on what `seal` writes,
and opens what jwcrypto itself sealed before."""

import base64
import hashlib
import hmac
import json
import os
from functools import lru_cache
from typing import NamedTuple

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from jwcrypto import jwe, jwk
from jwcrypto.common import JWException

_HEADER = {"alg": "dir", "enc": "A256GCM"}
_IV_BYTES = 12
_TAG_BYTES = 16
# A handful of labels, each under one secret until it rotates (tests switch secrets often):
# bounded, so a process that sees many secrets keeps only the recent keys.
_KEKS_KEPT = 32


class Unreadable(RuntimeError):
    """The sealed value cannot be opened here (the key-encryption key changed, or it belongs
    to another owner)."""


class WrongOwner(Unreadable):
    """The sealed value opened, but its header binds it to another owner."""


class _Kek(NamedTuple):
    aead: AESGCM  # safe to share: each call works on its own copy of the keyed context
    jwk: jwk.JWK
    kid: str  # the RFC 7638 thumbprint of `jwk`


@lru_cache(maxsize=_KEKS_KEPT)
def _kek(secret: str, label: bytes) -> _Kek:
    derived = hmac.new(secret.encode(), label, hashlib.sha256).digest()
    key = jwk.JWK(kty="oct", k=_b64(derived))
    return _Kek(AESGCM(derived), key, key.thumbprint())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def seal(plaintext: bytes, *, secret: str, label: bytes, binding: dict) -> str:
    kek = _kek(secret, label)
    # Sorted and compact, as jwcrypto wrote it: the header's bytes are unchanged.
    header = json.dumps(
        {**_HEADER, "kid": kek.kid, **binding}, separators=(",", ":"), sort_keys=True
    )
    protected = _b64(header.encode())
    iv = os.urandom(_IV_BYTES)
    sealed = kek.aead.encrypt(iv, plaintext, protected.encode("ascii"))
    ciphertext, tag = sealed[:-_TAG_BYTES], sealed[-_TAG_BYTES:]
    # The encrypted key is empty: with `dir` the KEK is the content key.
    return ".".join((protected, "", _b64(iv), _b64(ciphertext), _b64(tag)))


def unseal(sealed: str, *, secret: str, label: bytes, binding: dict) -> bytes:
    token = jwe.JWE()
    token.allowed_algs = [_HEADER["alg"], _HEADER["enc"]]
    try:
        token.deserialize(sealed, key=_kek(secret, label).jwk)
    except JWException:
        raise Unreadable("the key-encryption key changed") from None
    header = token.jose_header
    if any(header.get(name) != value for name, value in binding.items()):
        raise WrongOwner("the sealed value belongs to another owner")
    return token.payload
