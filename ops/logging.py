"""Log records carry the request context; `LOG_FORMAT=json` writes one JSON object a line.

Nothing here logs request bodies, query strings or headers: personal data (names, phones,
emails, dates of birth), secrets and JWE payloads never reach a line (tests/ops greps a whole
request cycle's logs for them)."""

import logging

from pythonjsonlogger.json import JsonFormatter

from common import request_context

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
JSON_FIELDS = ("timestamp", "level", "logger", "message", "request_id", "provider_id")


class RequestContextFilter(logging.Filter):
    """Adds `request_id` and `provider_id` to every record (empty outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "request_id", ""):
            record.request_id = request_context.request_id() or "-"
        if not getattr(record, "provider_id", ""):
            record.provider_id = request_context.provider_id()
        return True


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
