"""JSON read with a nesting-depth cap, checked before the text is parsed.

Python's decoder recurses once per nested array or object: 100,000 opening brackets (200 KB,
well inside the body limit) raise RecursionError, which no caller expects, and walking such
a value recurses again. `loads` counts the nesting first, outside strings, without
recursion, and refuses anything deeper than MAX_DEPTH with `TooDeep`, a ValueError like any
other unreadable JSON. No body of the API nests deeper than 4 levels; 32 leaves room."""

import json
import re
from itertools import accumulate

MAX_DEPTH = 32

# A JSON string (escapes included), or an unterminated one up to the end: every opening quote
# matches in one pass, so no input makes the scan quadratic. Then one structural bracket.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(ValueError):
    def __init__(self, max_depth: int):
        self.max_depth = max_depth
        super().__init__(f"JSON nested more than {max_depth} levels deep")


def deeper_than(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """True when some array or object in `text` sits more than `max_depth` levels deep
    (brackets inside strings do not count). Text that is not JSON gets an answer too; the
    parser that follows refuses it anyway."""
    if text.count("[") + text.count("{") <= max_depth:
        return False  # every ordinary body: two C-level counts, nothing else
    steps = map(_STEP.__getitem__, _BRACKET.findall(_STRING.sub("", text)))
    return max(accumulate(steps), default=0) > max_depth


def loads(data: str | bytes, *, max_depth: int = MAX_DEPTH, **kwargs):
    """`json.loads`, refusing text nested deeper than `max_depth` with TooDeep."""
    if isinstance(data, bytes | bytearray):
        data = data.decode(json.detect_encoding(data), "surrogatepass")
    if deeper_than(data, max_depth):
        raise TooDeep(max_depth)
    return json.loads(data, **kwargs)
