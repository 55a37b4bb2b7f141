"""The JWE codec: the contract's header and claims, and strict decryption."""

import base64
import json
import time

import pytest
from joserfc import jwe as rfc_jwe
from joserfc.jwk import OctKey
from jwcrypto import jwe, jwk

from ledger import codec, keys

NOW = 1_800_000_000


@pytest.fixture
def key():
    return keys.generate()


def claims(**overrides):
    data = {"typ": "authorize", "iat": NOW, "exp": NOW + 300, "service": {"payoutID": "po_1"}}
    data.update(overrides)
    return {name: value for name, value in data.items() if value is not None}


def header_of(token: str) -> dict:
    segment = token.split(".")[0]
    return json.loads(base64.urlsafe_b64decode(segment + "=" * (-len(segment) % 4)))


def raw_token(plaintext: dict, key, header: dict) -> str:
    token = jwe.JWE(plaintext=json.dumps(plaintext).encode(), protected=header)
    token.add_recipient(key)
    return token.serialize(compact=True)


def test_round_trip_with_the_contract_header(key):
    token = codec.encrypt(claims(), key)
    assert token.count(".") == 4
    assert header_of(token) == {"alg": "A256KW", "enc": "A256GCM", "typ": "JWT", "cty": "JWT"}
    assert codec.decrypt(token, key, typ="authorize", now=NOW) == claims()


def test_seal_sets_iat_exp_and_typ(key, settings):
    settings.LEDGER_TOKEN_TTL_SECONDS = 120
    token = codec.seal(typ="release", service={"a": 1}, key=key, now=NOW)
    assert codec.decrypt(token, key, typ="release", now=NOW) == {
        "typ": "release",
        "iat": NOW,
        "exp": NOW + 120,
        "service": {"a": 1},
    }


def test_a_standard_library_reads_what_we_write_and_we_read_what_it_writes(key):
    other = OctKey.import_key(keys.as_jwk(key))
    ours = codec.encrypt(claims(), key)
    opened = rfc_jwe.decrypt_compact(ours, other, algorithms=["A256KW", "A256GCM"])
    assert json.loads(opened.plaintext) == claims()
    theirs = rfc_jwe.encrypt_compact(
        dict(codec.HEADER), json.dumps(claims(typ="capture")).encode(), other
    )
    assert codec.decrypt(theirs, key, typ="capture", now=NOW)["typ"] == "capture"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ({"alg": "A128KW", "enc": "A256GCM"}, "alg 'A128KW' is not accepted"),
        ({"alg": "dir", "enc": "A256GCM"}, "alg 'dir' is not accepted"),
        ({"alg": "A256KW", "enc": "A128CBC-HS256"}, "enc 'A128CBC-HS256' is not accepted"),
        ({"alg": "A256KW", "enc": "A256GCM", "zip": "DEF"}, "zip"),
        ({"alg": "A256KW", "enc": "A256GCM", "crit": ["exp"], "exp": 1}, "critical"),
        ({"alg": "A256KW", "enc": "A256GCM", "typ": "JOSE"}, "typ must be JWT"),
        ({"alg": "A256KW", "enc": "A256GCM", "cty": "json"}, "cty must be JWT"),
    ],
)
def test_headers_outside_the_allow_list_are_rejected(key, header, message):
    if header["alg"] == "A128KW":
        signing = jwk.JWK.generate(kty="oct", size=128)
    elif header["alg"] == "dir" or header["enc"] != "A256GCM":
        signing = jwk.JWK.generate(kty="oct", size=256)
    else:
        signing = key
    token = raw_token(claims(), signing, header)
    with pytest.raises(codec.InvalidToken, match=message):
        codec.decrypt(token, key, typ="authorize", now=NOW)


def test_the_allow_list_holds_even_if_the_header_check_were_bypassed(key, monkeypatch):
    # jwcrypto itself is given only A256KW + A256GCM: `dir` fails inside the library too.
    monkeypatch.setattr(codec, "_check_header", lambda header: None)
    token = raw_token(claims(), key, {"alg": "dir", "enc": "A256GCM"})
    with pytest.raises(codec.InvalidToken, match="cannot be decrypted"):
        codec.decrypt(token, key, typ="authorize", now=NOW)


def test_a_token_under_another_key_is_rejected(key):
    token = codec.encrypt(claims(), keys.generate())
    with pytest.raises(codec.InvalidToken, match="cannot be decrypted"):
        codec.decrypt(token, key, typ="authorize", now=NOW)


def test_a_tampered_token_is_rejected(key):
    token = codec.encrypt(claims(), key)
    parts = token.split(".")
    parts[3] = parts[3][:-2] + ("AA" if parts[3][-2:] != "AA" else "BB")
    with pytest.raises(codec.InvalidToken):
        codec.decrypt(".".join(parts), key, typ="authorize", now=NOW)


@pytest.mark.parametrize(
    "value",
    [None, 42, "", "a.b.c", "not a jwe", "a.b.c.d.e.f", "a.b..d.e", {"protected": "x"}],
)
def test_anything_but_a_compact_jwe_is_rejected(key, value):
    with pytest.raises(codec.InvalidToken, match="compact JWE"):
        codec.decrypt(value, key, typ="authorize", now=NOW)


def test_json_serialization_is_not_accepted(key):
    token = jwe.JWE(plaintext=json.dumps(claims()).encode(), protected=dict(codec.HEADER))
    token.add_recipient(key)
    with pytest.raises(codec.InvalidToken, match="compact JWE"):
        codec.decrypt(token.serialize(), key, typ="authorize", now=NOW)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"exp": None}, '"exp" claim is required'),
        ({"iat": None}, '"iat" claim is required'),
        ({"exp": str(NOW + 300)}, "integer NumericDate"),
        ({"exp": float(NOW + 300)}, "integer NumericDate"),
        ({"iat": True}, "integer NumericDate"),
        ({"exp": NOW - 31, "iat": NOW - 300}, "expired"),
        ({"iat": NOW + 31, "exp": NOW + 400}, "issued in the future"),
        ({"iat": NOW, "exp": NOW - 10}, "exp is earlier than iat"),
        ({"typ": "release"}, "expected 'authorize'"),
        ({"typ": None}, '"typ" claim is required'),
        ({"service": None}, '"service" claim'),
        ({"service": ["po_1"]}, '"service" claim'),
    ],
)
def test_claims_are_checked(key, settings, overrides, message):
    settings.LEDGER_CLOCK_LEEWAY_SECONDS = 30
    token = codec.encrypt(claims(**overrides), key)
    with pytest.raises(codec.InvalidToken, match=message):
        codec.decrypt(token, key, typ="authorize", now=NOW)


def test_clock_leeway_is_small_and_symmetric(key, settings):
    settings.LEDGER_CLOCK_LEEWAY_SECONDS = 30
    late = codec.encrypt(claims(iat=NOW - 330, exp=NOW - 30), key)
    early = codec.encrypt(claims(iat=NOW + 30, exp=NOW + 330), key)
    assert codec.decrypt(late, key, typ="authorize", now=NOW)
    assert codec.decrypt(early, key, typ="authorize", now=NOW)


def test_typ_may_be_absent_on_a_response_but_never_wrong(key):
    absent = codec.encrypt(claims(typ=None), key)
    assert codec.decrypt(absent, key, typ="authorize", typ_required=False, now=NOW)
    wrong = codec.encrypt(claims(typ="release"), key)
    with pytest.raises(codec.InvalidToken):
        codec.decrypt(wrong, key, typ="authorize", typ_required=False, now=NOW)


def test_a_payload_that_is_not_a_claims_object_is_rejected(key):
    token = jwe.JWE(plaintext=b"[1, 2]", protected=dict(codec.HEADER))
    token.add_recipient(key)
    with pytest.raises(codec.InvalidToken, match="not a JSON object"):
        codec.decrypt(token.serialize(compact=True), key, typ="authorize", now=NOW)


def test_real_clock_is_used_by_default(key):
    token = codec.seal(typ="authorize", service={}, key=key)
    assert abs(codec.decrypt(token, key, typ="authorize")["iat"] - time.time()) < 5


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"not json",
        b"[]",
        b'{"request": "x"}',
        b'{"response": 1}',
        b'{"response": "x", "extra": 1}',
        b"\xff\xfe",
    ],
)
def test_envelope_must_be_exactly_one_field(body):
    with pytest.raises(codec.InvalidEnvelope):
        codec.open_envelope(body, "response")


def test_envelope_round_trip():
    body = json.dumps(codec.envelope("request", "a.b.c.d.e")).encode()
    assert codec.open_envelope(body, "request") == "a.b.c.d.e"
