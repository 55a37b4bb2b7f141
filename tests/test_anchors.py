"""Patterns that accept a whole value also refuse it with a trailing newline (`$` matches
before one; the project's patterns end with `\\Z`)."""

import pytest

from common.ids import is_id, new_id
from ledger import codec, keys
from participants.validators import phone_problem


def test_an_id_with_a_trailing_newline_is_not_an_id():
    value = new_id("pay")
    assert is_id(value, "pay") and not is_id(f"{value}\n", "pay")


def test_a_phone_with_a_trailing_newline_is_refused():
    assert phone_problem("1", "2125550199") is None
    assert phone_problem("1", "2125550199\n") is not None
    assert phone_problem("1\n", "2125550199") is not None


def test_a_ledger_key_with_a_trailing_newline_is_refused():
    value = keys.as_jwk(keys.generate())
    assert keys.parse(value)
    with pytest.raises(keys.InvalidKey, match="base64url"):
        keys.parse({**value, "k": value["k"] + "\n"})


def test_a_token_with_a_trailing_newline_is_refused():
    key = keys.generate()
    token = codec.seal(typ="authorize-request", service={}, key=key)
    with pytest.raises(codec.InvalidToken, match="five base64url segments"):
        codec.decrypt(token + "\n", key, typ="authorize-request")
