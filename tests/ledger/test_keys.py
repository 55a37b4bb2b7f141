"""Ledger keys: 256-bit oct JWKs, validated on input and encrypted at rest."""

import base64
import json

import pytest
from jwcrypto.jwk import JWK

from ledger import keys


def k_of(key) -> str:
    return keys.as_jwk(key)["k"]


def test_generated_key_is_a_256_bit_a256kw_jwk():
    jwk = keys.as_jwk(keys.generate())
    assert jwk["kty"] == "oct" and jwk["alg"] == "A256KW"
    assert len(base64.urlsafe_b64decode(jwk["k"] + "=")) == 32
    assert jwk["kid"] == JWK(kty="oct", k=jwk["k"]).thumbprint()


def test_two_generated_keys_differ():
    assert k_of(keys.generate()) != k_of(keys.generate())


def test_parse_accepts_json_text_or_dict_and_normalizes():
    raw = k_of(keys.generate())
    from_text = keys.parse(json.dumps({"kty": "oct", "k": raw, "use": "enc"}))
    from_dict = keys.parse({"kty": "oct", "k": raw, "alg": "A256KW", "kid": "ignored"})
    assert keys.as_jwk(from_text) == keys.as_jwk(from_dict)
    assert keys.as_jwk(from_text)["kid"] == keys.fingerprint(from_text)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("not json", "not JSON"),
        ("[1]", "JSON object"),
        ({"kty": "RSA", "k": "x"}, "symmetric"),
        ({"kty": "oct"}, 'no "k"'),
        ({"kty": "oct", "k": "c2hvcnQ"}, "must be 256 bits, got 40"),
        ({"kty": "oct", "k": "A" * 64}, "must be 256 bits, got 384"),
        ({"kty": "oct", "k": "!!!"}, "base64url"),
        ({"kty": "oct", "k": "A" * 43, "alg": "A128KW"}, "A256KW"),
        ({"kty": "oct", "k": "A" * 43, "use": "sig"}, '"use"'),
    ],
)
def test_parse_rejects_keys_that_are_not_256_bit_oct(value, message):
    with pytest.raises(keys.InvalidKey, match=message):
        keys.parse(value)


def test_sealed_key_hides_the_secret_and_opens_for_its_provider():
    key = keys.generate()
    sealed = keys.seal(key, provider_id="prv_A")
    assert k_of(key) not in sealed
    assert keys.as_jwk(keys.unseal(sealed, provider_id="prv_A")) == keys.as_jwk(key)


def test_sealed_key_is_bound_to_its_provider():
    sealed = keys.seal(keys.generate(), provider_id="prv_A")
    with pytest.raises(keys.UnreadableKey, match="another provider"):
        keys.unseal(sealed, provider_id="prv_B")


def test_sealed_key_needs_the_same_key_encryption_key(settings):
    settings.LEDGER_KEY_ENCRYPTION_KEY = "first"
    sealed = keys.seal(keys.generate(), provider_id="prv_A")
    settings.LEDGER_KEY_ENCRYPTION_KEY = "second"
    with pytest.raises(keys.UnreadableKey, match="key-encryption key changed"):
        keys.unseal(sealed, provider_id="prv_A")


def test_secret_key_is_the_default_key_encryption_key(settings):
    settings.LEDGER_KEY_ENCRYPTION_KEY = None
    sealed = keys.seal(keys.generate(), provider_id="prv_A")
    settings.SECRET_KEY = "rotated"
    with pytest.raises(keys.UnreadableKey):
        keys.unseal(sealed, provider_id="prv_A")


def test_an_opened_key_is_kept_per_sealed_value_and_key_encryption_key(settings, monkeypatch):
    settings.LEDGER_KEY_ENCRYPTION_KEY = "first"
    key = keys.generate()
    stored = keys.seal(key, provider_id="prv_A")
    opened = []
    real = keys.sealed.unseal
    monkeypatch.setattr(keys.sealed, "unseal", lambda *a, **kw: opened.append(1) or real(*a, **kw))
    for _ in range(3):
        assert keys.as_jwk(keys.unseal(stored, provider_id="prv_A")) == keys.as_jwk(key)
    assert len(opened) == 1
    with pytest.raises(keys.UnreadableKey, match="another provider"):
        keys.unseal(stored, provider_id="prv_B")  # never answered from another's opening
    settings.LEDGER_KEY_ENCRYPTION_KEY = "second"
    with pytest.raises(keys.UnreadableKey, match="key-encryption key changed"):
        keys.unseal(stored, provider_id="prv_A")
    rotated = keys.seal(keys.generate(), provider_id="prv_A")
    assert keys.as_jwk(keys.unseal(rotated, provider_id="prv_A")) != keys.as_jwk(key)
