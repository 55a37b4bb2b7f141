"""The one form in which names are compared: two names that read alike compare equal.

`canonical_name` applies, in this order: NFKC with full case folding (ICU's NFKC_Casefold,
which also drops the default-ignorable code points: zero-width characters, the soft hyphen,
joiners, variation selectors, bidi controls), the removal of any other format character
(Unicode category Cf, e.g. the Arabic number signs), the confusables skeleton of Unicode
TS #39 (ICU's SpoofChecker: a Cyrillic a, U+0430, reads as a Latin "a", "1" as "l"), the removal of
nonspacing marks (accents, so "Iván" and "Ivan" compare equal), and single spaces.

Case is folded before the skeleton is taken, as TS #39 asks for a case-insensitive
comparison; otherwise "Ivan" (skeleton "lvan") and "ivan" would differ. The form is a key for
comparing, never a name to show: the name as given is what is stored and shown.

Everything here comes from ICU (PyICU over the system's libicu), so normalisation, case
folding, character properties and the confusables data are of one Unicode version.
"""

import icu

_CASEFOLD = icu.Normalizer2.getNFKCCasefoldInstance()
_NFC = icu.Normalizer2.getNFCInstance()
_SPOOF = icu.SpoofChecker()


def _removal(unicode_set: str) -> dict[int, None]:
    """A `str.translate` table that removes the characters of an ICU set."""
    return {
        code: None
        for first, last in icu.UnicodeSet(unicode_set).ranges()
        for code in range(ord(first), ord(last) + 1)
    }


_FORMAT = _removal("[[:Cf:][:Default_Ignorable_Code_Point:]]")
_MARKS = _removal("[:Mn:]")
# Enough for any name seen; a rare exotic string may still differ from its own key.
_ROUNDS = 3


def _once(value: str) -> str:
    folded = _CASEFOLD.normalize(value)
    if not folded.isascii():  # format characters and marks are never ASCII
        folded = folded.translate(_FORMAT)
    # getSkeleton's first argument (the checks) is ignored since ICU 58: one skeleton.
    skeleton = _SPOOF.getSkeleton(0, folded)  # in NFD, so marks stand apart
    if not skeleton.isascii():
        skeleton = _NFC.normalize(skeleton.translate(_MARKS))
    return " ".join(skeleton.split())


def canonical_name(value: str) -> str:
    """The comparison key of a name: "" when nothing comparable is left.

    A skeleton can hold capitals ("0" reads as "O"), so the steps run again until the key
    stays as it is: a key is its own key, and "J0hn" meets "John"."""
    key = _once(value)
    for _ in range(_ROUNDS):
        again = _once(key)
        if again == key:
            return key
        key = again
    return key
