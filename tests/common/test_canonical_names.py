"""The canonical form of a name: what reads alike compares equal, what reads differently does
not, and a key is its own key."""

import pytest

from common.canonical_names import canonical_name

IVAN = "ivan petrov"


@pytest.mark.parametrize(
    "written",
    [
        "Ivan Petrov",
        "IVAN  PETROV",  # case, repeated spaces
        " Ivan\u00a0Petrov ",  # no-break space, edges
        "Iv\u200ban Petrov",  # zero-width space
        "Iv\u200dan Petrov",  # zero-width joiner
        "\ufeffIvan Petrov",  # byte order mark
        "Iv\u00adan Petrov",  # soft hyphen
        "\u202eIvan Petrov\u202c",  # bidi override and pop
        "Iv\u2066an\u2069 Petrov",  # bidi isolates
        "Iv\u0430n Petr\u043ev",  # Cyrillic a and o
        "\uff29van Petrov",  # fullwidth I
        "Iva\u0301n Petrov",  # combining acute accent
        "Iván Petrov",  # precomposed á
        "Ivan Petrov\ufe0f",  # variation selector
    ],
)
def test_look_alikes_of_a_name_share_its_key(written):
    assert canonical_name(written) == IVAN


@pytest.mark.parametrize(
    ("written", "key"),
    [
        ("Jo\ufb00rey", "joffrey"),  # NFKC: a ligature is its letters
        ("Straße", "strasse"),  # full case folding
        ("J0hn", "john"),  # a digit zero reads as "o" (skeleton "O", folded again)
        ("Zoë Ñúñez", "zoe nunez"),
    ],
)
def test_compatibility_forms_fold(written, key):
    assert canonical_name(written) == key


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ivan Petrov", "Ivan Petrova"),
        ("Ivan Petrov", "Ivan Popov"),
        ("Li Wei", "Li Mei"),
        ("李小龍", "李小龙"),  # traditional and simplified characters are different names
    ],
)
def test_different_names_keep_different_keys(one, other):
    assert canonical_name(one) != canonical_name(other)


# Other scripts, and strings of rare letters whose skeleton holds capitals.
OTHER = ["Иван Петров", "محمد\u200cرضا کریمی", "李小龍", "Ⅻ ϑｔҳ̶j", "Ϡｅjɀ％&ₚ̴"]  # noqa: RUF001


@pytest.mark.parametrize("written", OTHER)
def test_a_key_is_its_own_key(written):
    key = canonical_name(written)
    assert key and canonical_name(key) == key


def test_nothing_comparable_is_an_empty_key():
    assert canonical_name("\u200b\u200c\u00ad \u202e") == ""
