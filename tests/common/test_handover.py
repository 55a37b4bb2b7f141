import logging

import pytest
from django.db import transaction

from common.handover import hand_over

logger = logging.getLogger("tests.common.handover")


class _Task:
    """A task whose broker either takes messages or is down."""

    def __init__(self, *, down: bool = False):
        self.down = down
        self.sent: list[tuple[tuple, dict]] = []

    def _send(self, args, options):
        if self.down:
            raise ConnectionError("broker down")
        self.sent.append((tuple(args), options))

    def delay(self, *args):
        self._send(args, {})

    def apply_async(self, args=(), **options):
        self._send(args, options)


def test_a_sent_task_reports_true():
    task = _Task()
    assert hand_over(task, "a", "b", what="thing a", logger=logger) is True
    assert task.sent == [(("a", "b"), {})]


def test_options_go_through_apply_async():
    task = _Task()
    assert hand_over(task, "a", what="thing a", logger=logger, countdown=2.5) is True
    assert task.sent == [(("a",), {"countdown": 2.5})]


def test_a_refused_task_is_logged_once_on_the_callers_logger_and_nothing_raises(caplog):
    task = _Task(down=True)
    with caplog.at_level(logging.ERROR, logger=logger.name):
        assert hand_over(task, "a", what="thing a", logger=logger) is False
    [record] = [r for r in caplog.records if r.name == logger.name]
    assert record.levelno == logging.ERROR and record.exc_info is not None
    assert record.getMessage() == "could not enqueue thing a; the sweeper will"
    assert task.sent == []


@pytest.mark.django_db(transaction=True)
def test_on_commit_it_runs_after_the_commit_only():
    task = _Task()
    with transaction.atomic():
        transaction.on_commit(lambda: hand_over(task, "a", what="thing a", logger=logger))
        assert task.sent == []
    assert task.sent == [(("a",), {})]

    rolled_back = _Task()
    with pytest.raises(RuntimeError), transaction.atomic():
        transaction.on_commit(lambda: hand_over(rolled_back, "b", what="thing b", logger=logger))
        raise RuntimeError("rolled back")
    assert rolled_back.sent == []
