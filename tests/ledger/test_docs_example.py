"""The worked example in docs/ledger-callbacks.md runs, and answers the real client."""

import contextlib
import io
import re
from pathlib import Path

from ledger import claims, codec

DOC = Path(__file__).resolve().parents[2] / "docs" / "ledger-callbacks.md"


def example_namespace() -> tuple[dict, str]:
    [code] = re.findall(r"## 6\. Worked example.*?```python\n(.*?)```", DOC.read_text(), re.S)
    namespace: dict = {"__name__": "ledger_callbacks_example"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), namespace)
    return namespace, out.getvalue()


def test_the_example_runs_as_documented():
    _, printed = example_namespace()
    assert printed.startswith("200 {'outcome': 'approved', 'holdReference': 'H-po_01JEXAMPLE'")


def test_the_example_handler_answers_the_service_client():
    example, _ = example_namespace()
    service = {
        "payoutID": "po_9",
        "providerID": "prv_9",
        "externalID": "cust-9",
        "fundingSource": "acct-9",
        "amount": claims.amount(1999, "USD"),
        "fraudScore": 0.3,
        "idempotencyKey": claims.idempotency_key("po_9", "authorize"),
    }
    request = codec.seal(typ="authorize", service=service, key=example["KEY"])
    body = f'{{"request": "{request}"}}'.encode()
    status, answer = example["handle"]("authorize", body)
    assert status == 200
    token = codec.open_envelope(f'{{"response": "{answer["response"]}"}}'.encode(), "response")
    verified = codec.decrypt(token, example["KEY"], typ="authorize", typ_required=False)
    answered = claims.read_answer(
        "authorize", verified["service"], idempotency_key=service["idempotencyKey"]
    )
    assert answered == claims.Answer("approved", "H-po_9", None)
    # And it turns away what it must: a request under another key is a 4xx.
    other = codec.seal(
        typ="authorize", service=service, key=example["jwk"].JWK.generate(kty="oct", size=256)
    )
    assert example["handle"]("authorize", f'{{"request": "{other}"}}'.encode())[0] == 400
