"""The attempt log line is honest about the wait: in eager mode (no broker) the next attempt
runs at once, and the line says so rather than promising `retry_in`; with a broker the wait
is the countdown the task is sent with."""

import logging

import pytest

from ledger.services.delivery import _retry_note
from tests.ledger.support import authorize


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 10
    settings.LEDGER_RETRY_MAX_MS = 50


def test_eager_retries_say_they_do_not_wait(sandbox_ledger, provider, received, caplog):
    caplog.set_level(logging.INFO, logger="ledger")
    sandbox_ledger.set_faults(next_statuses=[503])
    assert authorize(provider.id, "po_E1")["outcome"] == "approved"
    lines = [r.getMessage() for r in caplog.records if "attempt 1" in r.getMessage()]
    assert len(lines) == 1 and "(eager mode: retried at once, without the wait)" in lines[0]


def test_with_a_broker_the_note_is_the_wait(eager_celery):
    from config.celery import app

    app.conf.task_always_eager = False
    assert _retry_note(27.28, True) == " retry_in=27.28s"
    assert _retry_note(None, False) == ""
