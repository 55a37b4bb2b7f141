"""Log records carry the request context; `LOG_FORMAT=json` writes one JSON object a line.

Nothing here logs request bodies, query strings or headers: personal data (names, phones,
emails, dates of birth), secrets and JWE payloads never reach a line (tests/ops greps a whole
request cycle's logs for them)."""

import logging

from pythonjsonlogger.json import JsonFormatter

from common import request_context

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


def install_record_factory() -> None:
    """Every record made in this process carries `request_id` and `provider_id` (whatever
    handler or library formats it). Idempotent."""
    current = logging.getLogRecordFactory()
    if getattr(current, "adds_request_context", False):
        return

    def factory(*args, **kwargs):
        record = current(*args, **kwargs)
        record.request_id = request_context.request_id() or "-"
        record.provider_id = request_context.provider_id()
        return record

    factory.adds_request_context = True
    logging.setLogRecordFactory(factory)


def _with_context(record: logging.LogRecord) -> logging.LogRecord:
    # Records made before the factory was installed (during start-up) still format.
    record.__dict__.setdefault("request_id", "-")
    record.__dict__.setdefault("provider_id", "")
    return record


class TextFormatter(logging.Formatter):
    def __init__(self, *args, **kwargs):
        super().__init__(TEXT_FORMAT)

    def format(self, record):
        return super().format(_with_context(record))


class JsonLineFormatter(JsonFormatter):
    """timestamp, level, logger, message, request_id, provider_id, and the access log's route,
    method, status and duration_ms when present."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault(
            "rename_fields",
            {"asctime": "timestamp", "levelname": "level", "name": "logger"},
        )
        kwargs.setdefault("timestamp", False)
        super().__init__(
            "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s %(provider_id)s",
            *args,
            **kwargs,
        )

    def formatTime(self, record, datefmt=None):
        from datetime import UTC, datetime

        return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
