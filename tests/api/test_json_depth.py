"""A body nested deeper than the cap (common.bounded_json.MAX_DEPTH) is refused where it is
parsed: 400 invalid-request, as unparseable JSON is, with nothing logged as an error, no
traceback, nothing written and the idempotency key left free. Depth up to the cap parses,
and brackets inside strings do not count. The ledger's replies are held to the same cap."""

import json
import logging

import pytest

from common import bounded_json
from ledger import codec
from participants.models import Enrollment
from tests.log_capture import formatted_logs
from tests.participants.factories import participant_payload
from tests.problems import PROBLEM

N = 100_000
DEEP_BODIES = {
    "arrays": "[" * N + "]" * N,
    "objects": '{"a":' * N + "1" + "}" * N,
    "unclosed": "[" * N,
    "mixed": '[{"a":' * (N // 2) + "[]" + "}]" * (N // 2),
}


def nested(depth: int) -> object:
    value: object = "leaf"
    for level in range(depth):
        value = [value] if level % 2 else {"k": value}
    return value


def post(provider, text: str, key: str):
    return provider.client.post(
        provider.url("/participants"),
        data=text,
        content_type="application/json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )


@pytest.mark.parametrize("shape", DEEP_BODIES)
def test_a_body_nested_100000_deep_is_400_without_an_error_log(provider, shape):
    with formatted_logs() as logs:
        response = post(provider, DEEP_BODIES[shape], key=f"deep-{shape}")
    assert response.status_code == 400, response.content[:300]
    assert response["Content-Type"] == PROBLEM
    problem = response.json()
    assert problem["type"].endswith("/errors#invalid-request")
    assert problem["detail"] == (
        f"The request body nests arrays or objects more than {bounded_json.MAX_DEPTH} levels deep."
    )
    text = logs["text"].getvalue()
    assert "Traceback" not in text and "RecursionError" not in text
    records = [json.loads(line) for line in logs["json"].getvalue().splitlines()]
    assert not [r for r in records if logging.getLevelName(r["level"]) >= logging.ERROR]
    assert not Enrollment.objects.exists()
    # Nothing claimed the key: a proper body goes through under it.
    retry = post(provider, json.dumps(participant_payload()), key=f"deep-{shape}")
    assert retry.status_code == 201, retry.content


def test_the_cap_itself_parses_and_one_more_level_does_not(provider):
    depth = bounded_json.MAX_DEPTH - 1  # the body's own object is the first level
    at_cap = participant_payload(extra=nested(depth))
    assert post(provider, json.dumps(at_cap), key="at-cap").status_code == 201
    over = participant_payload(extra=nested(depth + 1))
    response = post(provider, json.dumps(over), key="over-cap")
    assert response.status_code == 400
    assert Enrollment.objects.count() == 1


def test_brackets_inside_strings_do_not_count(provider):
    body = participant_payload(nickName='[{"\\', extra=["[[{{" * 1000, '\\"[' * 1000])
    response = post(provider, json.dumps(body), key="brackets-in-strings")
    assert response.status_code == 201, response.content


@pytest.mark.parametrize(
    "text, deeper",
    [
        ("[" * 33 + "]" * 33, True),
        ("[" * 32 + "]" * 32, False),
        ('["' + "[" * 40 + '"]', False),
        ('["\\"' + "[" * 40 + '"]', False),
        ("[" * 33 + '"\\"' * 1001, True),  # an unterminated string: to the end, in one pass
        ('"\\"' * 1001 + "[" * 33, False),  # its brackets are inside that string
    ],
)
def test_the_depth_count(text, deeper):
    assert bounded_json.deeper_than(text) is deeper


def test_a_ledger_reply_nested_too_deep_is_an_invalid_envelope():
    with pytest.raises(codec.InvalidEnvelope, match="not JSON"):
        codec.open_envelope(("[" * N).encode(), "token")
