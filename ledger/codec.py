"""The wire format of ledger callbacks: JWT claims in a compact JWE, in a one-key JSON envelope.

Header `{"alg": "A256KW", "enc": "A256GCM", "typ": "JWT", "cty": "JWT"}`; the plaintext is the
JSON claims set `{"typ", "iat", "exp", "service": {...}}`. Decryption is strict on both sides
(client and sandbox): only A256KW + A256GCM, no compression, no critical extensions, integer
`exp` and `iat` checked against the clock with a small leeway, and the expected `typ`.
"""

import base64
import json
import re
import time
from collections.abc import Sequence

from django.conf import settings
from jwcrypto import jwe, jwk
from jwcrypto.common import JWException

from common import bounded_json

ALG = "A256KW"
ENC = "A256GCM"
HEADER = {"alg": ALG, "enc": ENC, "typ": "JWT", "cty": "JWT"}
ALLOWED_ALGS = [ALG, ENC]
MAX_TOKEN_CHARS = 64 * 1024

# header . encrypted key . iv . ciphertext . tag (the key is empty for `dir`, refused below).
_B64 = r"[A-Za-z0-9_-]"
_COMPACT = re.compile(rf"^{_B64}+\.{_B64}*\.{_B64}+\.{_B64}*\.{_B64}+\Z")


class InvalidToken(ValueError):
    """A JWE or claims set that must not be trusted; the message says why."""


class InvalidEnvelope(ValueError):
    """A body that is not exactly `{"<field>": "<compact JWE>"}`."""


def encrypt(claims: dict, key: jwk.JWK) -> str:
    token = jwe.JWE(
        plaintext=json.dumps(claims, separators=(",", ":")).encode(), protected=dict(HEADER)
    )
    token.add_recipient(key)
    return token.serialize(compact=True)


def seal(*, typ: str, service: dict, key: jwk.JWK, now: int | None = None) -> str:
    """Claims for one message, valid for LEDGER_TOKEN_TTL_SECONDS from now."""
    issued = int(time.time()) if now is None else now
    claims = {
        "typ": typ,
        "iat": issued,
        "exp": issued + settings.LEDGER_TOKEN_TTL_SECONDS,
        "service": service,
    }
    return encrypt(claims, key)


def decrypt(
    token: object,
    key: jwk.JWK,
    *,
    typ: str,
    typ_required: bool = True,
    now: int | None = None,
    also: Sequence[jwk.JWK] = (),
) -> dict:
    """The verified claims of `token`, or InvalidToken. `also`: keys tried after `key` (a
    rotation's previous key, while it still opens answers).

    `typ_required` is off for responses: the contract lists no `typ` among response claims, so
    a provider may omit it; when present it must still be the endpoint's.
    """
    if not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS or not _COMPACT.match(token):
        raise InvalidToken("not a compact JWE (five base64url segments)")
    _check_header(_protected_header(token))
    payload = _opened(token, [key, *also])
    try:
        claims = bounded_json.loads(payload)
    except ValueError:
        raise InvalidToken("the decrypted payload is not a JSON claims set") from None
    if not isinstance(claims, dict):
        raise InvalidToken("the decrypted payload is not a JSON object")
    _check_times(claims, int(time.time()) if now is None else now)
    _check_typ(claims, typ, required=typ_required)
    if not isinstance(claims.get("service"), dict):
        raise InvalidToken('the "service" claim is missing or not an object')
    return claims


def _opened(token: str, candidates: list[jwk.JWK]) -> bytes:
    """The plaintext under the first key that opens `token` (A256KW's integrity check refuses
    a wrong key before any content is decrypted)."""
    for candidate in candidates:
        parsed = jwe.JWE()
        parsed.allowed_algs = list(ALLOWED_ALGS)
        try:
            parsed.deserialize(token, key=candidate)
        except JWException:
            continue
        return parsed.payload
    raise InvalidToken("the JWE cannot be decrypted with the registered key")


def _protected_header(token: str) -> dict:
    segment = token.split(".", 1)[0]
    try:
        header = bounded_json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))
    except ValueError:
        raise InvalidToken("the protected header is not base64url JSON") from None
    if not isinstance(header, dict):
        raise InvalidToken("the protected header is not a JSON object")
    return header


def _check_header(header: dict) -> None:
    if header.get("alg") != ALG:
        raise InvalidToken(f"alg {header.get('alg')!r} is not accepted; use {ALG}")
    if header.get("enc") != ENC:
        raise InvalidToken(f"enc {header.get('enc')!r} is not accepted; use {ENC}")
    if "zip" in header:
        raise InvalidToken("compressed payloads (zip) are not accepted")
    if "crit" in header:
        raise InvalidToken("critical header extensions are not supported")
    for name in ("typ", "cty"):
        if name in header and str(header[name]).upper() != "JWT":
            raise InvalidToken(f"header {name} must be JWT")


def _numeric_date(claims: dict, name: str) -> int:
    value = claims.get(name)
    if value is None:
        raise InvalidToken(f'the "{name}" claim is required')
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidToken(f'the "{name}" claim must be an integer NumericDate')
    return value


def _check_times(claims: dict, now: int) -> None:
    leeway = settings.LEDGER_CLOCK_LEEWAY_SECONDS
    expires = _numeric_date(claims, "exp")
    issued = _numeric_date(claims, "iat")
    if now > expires + leeway:
        raise InvalidToken("the token has expired (exp is in the past)")
    if issued > now + leeway:
        raise InvalidToken("the token was issued in the future (iat)")
    if expires < issued:
        raise InvalidToken("exp is earlier than iat")


def _check_typ(claims: dict, expected: str, *, required: bool) -> None:
    if "typ" not in claims:
        if required:
            raise InvalidToken(f'the "typ" claim is required (expected {expected!r})')
        return
    if claims["typ"] != expected:
        raise InvalidToken(f'the "typ" claim is {claims["typ"]!r}, expected {expected!r}')


def envelope(field: str, token: str) -> dict:
    return {field: token}


def open_envelope(body: bytes, field: str) -> str:
    """The JWE of `{"<field>": "<jwe>"}`; any other shape is InvalidEnvelope."""
    try:
        data = bounded_json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise InvalidEnvelope("the body is not JSON") from None
    if not isinstance(data, dict) or set(data) != {field}:
        raise InvalidEnvelope(f'the body must be exactly {{"{field}": "<compact JWE>"}}')
    if not isinstance(data[field], str):
        raise InvalidEnvelope(f'"{field}" must be a string (a compact JWE)')
    return data[field]
