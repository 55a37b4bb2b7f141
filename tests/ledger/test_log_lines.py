"""No log line quotes what a provider's ledger said: its error answers and the `reason` of an
outcome are free text that can name the customer. Staff find them in the attempt log."""

import pytest

from ledger.models import CallbackAttempt
from payments.services.ledger_outcomes import record_ledger_outcome
from tests.ledger.fake_provider import Reply
from tests.ledger.support import authorize
from tests.log_capture import formatted_logs

NAME = "Philippa Quartermaine"


def _written(streams) -> str:
    return "".join(stream.getvalue() for stream in streams.values())


@pytest.mark.django_db(transaction=True)  # the call is sent when its transaction commits
def test_a_ledger_error_answer_is_logged_by_its_status_only(provider, fake_provider, received):
    fake_provider.respond = lambda path, body: Reply(400, f"no account for {NAME}".encode())
    with formatted_logs() as streams:
        assert authorize(provider.id, "po_log")["outcome"] == "error"
    written = _written(streams)
    assert "attempt 1: rejected status=400" in written and "error='HTTP 400'" in written
    assert NAME not in written
    assert NAME in CallbackAttempt.objects.get().error  # the attempt log keeps it for staff


@pytest.mark.parametrize("endpoint", ["nowhere", "authorize"])
def test_an_outcome_nobody_owns_is_logged_without_its_content(db, endpoint):
    outcome = {
        "endpoint": endpoint,
        "payoutID": "po_nobody",
        "outcome": "failed",
        "reason": f"{NAME} closed the account",
        "reference": NAME,
    }
    with formatted_logs() as streams:
        assert record_ledger_outcome(outcome) is None
    written = _written(streams)
    assert "po_nobody" in written and NAME not in written
