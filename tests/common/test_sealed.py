"""common.sealed: what `seal` frames itself is a compact JWE that jwcrypto and joserfc (an
independent implementation) open, values jwcrypto sealed before still open, and any change to
the token, the key or the owner is refused."""

import base64
import hashlib
import hmac
import json

import pytest
from joserfc import jwe as joserfc_jwe
from joserfc.jwk import OctKey
from joserfc.registry import HeaderParameter
from jwcrypto import jwe, jwk

from common import sealed

SECRET = "a configured secret"
LABEL = b"tests/sealed/v1"
BINDING = {"providerID": "prv_A", "idempotencyKey": "key-1"}
PLAINTEXT = b'{"secret": "whsec_x"}'


def seal(plaintext=PLAINTEXT, **overrides):
    return sealed.seal(
        plaintext, **{"secret": SECRET, "label": LABEL, "binding": BINDING, **overrides}
    )


def unseal(value, **overrides):
    return sealed.unseal(
        value, **{"secret": SECRET, "label": LABEL, "binding": BINDING, **overrides}
    )


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(part: str) -> bytes:
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def derived_key() -> bytes:
    """The KEK, derived here independently of the module."""
    return hmac.new(SECRET.encode(), LABEL, hashlib.sha256).digest()


def derived_jwk() -> jwk.JWK:
    return jwk.JWK(kty="oct", k=b64(derived_key()))


def header_of(value: str) -> dict:
    return json.loads(unb64(value.split(".")[0]))


def jwcrypto_seal(plaintext: bytes) -> str:
    """How values were sealed before: jwcrypto's own JWE serialization."""
    key = derived_jwk()
    protected = {"alg": "dir", "enc": "A256GCM", "kid": key.thumbprint(), **BINDING}
    token = jwe.JWE(plaintext=plaintext, protected=protected)
    token.add_recipient(key)
    return token.serialize(compact=True)


def test_the_compact_form_has_an_empty_key_a_96_bit_iv_and_a_128_bit_tag():
    protected, encrypted_key, iv, ciphertext, tag = seal().split(".")
    assert encrypted_key == ""
    assert len(unb64(iv)) == 12 and len(unb64(tag)) == 16
    assert len(unb64(ciphertext)) == len(PLAINTEXT)
    header = json.loads(unb64(protected))
    assert header == {"alg": "dir", "enc": "A256GCM", "kid": header["kid"], **BINDING}


def test_the_header_is_the_one_jwcrypto_wrote():
    assert seal().split(".")[0] == jwcrypto_seal(PLAINTEXT).split(".")[0]


def test_the_kid_is_the_thumbprint_of_the_derived_key():
    assert header_of(seal())["kid"] == derived_jwk().thumbprint()


def test_what_seal_writes_opens_with_jwcrypto():
    token = jwe.JWE()
    token.allowed_algs = ["dir", "A256GCM"]
    token.deserialize(seal(), key=derived_jwk())
    assert token.payload == PLAINTEXT
    assert {name: token.jose_header[name] for name in BINDING} == BINDING


def test_what_seal_writes_opens_with_joserfc():
    # joserfc refuses header members it does not know: the binding's are declared.
    registry = joserfc_jwe.JWERegistry(
        header_registry={name: HeaderParameter(name, "str") for name in BINDING},
        algorithms=["dir", "A256GCM"],
    )
    opened = joserfc_jwe.decrypt_compact(
        seal(), OctKey.import_key(derived_key()), registry=registry
    )
    assert opened.plaintext == PLAINTEXT
    assert opened.protected == header_of(seal())


def test_what_jwcrypto_sealed_before_still_opens():
    assert unseal(jwcrypto_seal(PLAINTEXT)) == PLAINTEXT


def test_a_large_plaintext_round_trips():
    plaintext = bytes(range(256)) * 400
    assert unseal(seal(plaintext)) == plaintext


def test_two_seals_of_the_same_plaintext_differ():
    first, second = seal(), seal()
    assert first != second
    assert first.split(".")[2] != second.split(".")[2]  # a fresh IV each time
    assert unseal(first) == unseal(second) == PLAINTEXT


def flip_a_bit(part: str) -> str:
    raw = bytearray(unb64(part))
    raw[0] ^= 0x01
    return b64(bytes(raw))


@pytest.mark.parametrize("index", [0, 2, 3, 4], ids=["header", "iv", "ciphertext", "tag"])
def test_a_tampered_part_is_refused(index):
    parts = seal().split(".")
    parts[index] = flip_a_bit(parts[index])
    with pytest.raises(sealed.Unreadable):
        unseal(".".join(parts))


def test_a_header_rewritten_to_another_owner_is_refused_as_unreadable():
    parts = seal().split(".")
    parts[0] = b64(json.dumps({**header_of(seal()), "providerID": "prv_B"}).encode())
    with pytest.raises(sealed.Unreadable) as refused:
        unseal(".".join(parts), binding={**BINDING, "providerID": "prv_B"})
    assert not isinstance(refused.value, sealed.WrongOwner)


def test_an_encrypted_key_added_is_refused():
    parts = seal().split(".")
    parts[1] = b64(b"\x00" * 32)
    with pytest.raises(sealed.Unreadable):
        unseal(".".join(parts))


@pytest.mark.parametrize(
    "other", [{"label": b"tests/sealed/v2"}, {"secret": "another secret"}], ids=["label", "secret"]
)
def test_another_key_is_refused(other):
    with pytest.raises(sealed.Unreadable) as refused:
        unseal(seal(), **other)
    assert not isinstance(refused.value, sealed.WrongOwner)


def test_another_owner_is_refused():
    for binding in ({**BINDING, "providerID": "prv_B"}, {**BINDING, "idempotencyKey": "key-2"}):
        with pytest.raises(sealed.WrongOwner):
            unseal(seal(), binding=binding)


def test_the_derived_keys_kept_are_bounded():
    for n in range(sealed._KEKS_KEPT * 2):
        seal(secret=f"rotated secret {n}")
    assert sealed._kek.cache_info().currsize <= sealed._KEKS_KEPT
