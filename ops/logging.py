"""Log records carry the request context; `LOG_FORMAT=json` writes one JSON object a line.

Nothing here logs request bodies, paths, query strings or headers: personal data (names,
phones, emails, dates of birth), secrets and JWE payloads never reach a line (tests/ops greps a
whole request cycle's logs, and a failed request's, for them). Both formatters name a request
by its route: a record that carries the request itself (Django's `django.request` does, for a
5xx) loses it and has its path replaced by the route. A JSON line carries only the fields
listed in `JSON_FIELDS`; any other extra (Celery's task `data`, with the task's arguments) is
left out."""

import logging

from pythonjsonlogger.json import JsonFormatter

from common import request_context
from common.routes import route_of

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


# What a JSON line may carry beside the context (after renaming): the access log's fields and
# an error's traceback. Add a field here before logging it as an extra.
JSON_FIELDS = frozenset(
    {
        "timestamp",
        "level",
        "logger",
        "message",
        "request_id",
        "provider_id",
        "route",
        "method",
        "status",
        "duration_ms",
        "status_code",
        "exc_info",
        "stack_info",
    }
)


def _raw_forms(request) -> set[str]:
    """The request's path as a log line could hold it: plain, with its query string, and as
    Django's `log_response` escapes it."""
    forms = set()
    for raw in (request.path, request.get_full_path()):
        forms |= {raw, raw.encode("unicode_escape").decode("ascii")}
    return {form for form in forms if form}


def _without_request(record: logging.LogRecord) -> logging.LogRecord:
    """A copy of a record that carries a request: the request dropped, and any argument
    holding its path (`Internal Server Error: /providers/…`) replaced by its route."""
    request = record.__dict__.get("request")
    if request is None:
        return record
    copy = logging.makeLogRecord(record.__dict__)
    del copy.request
    if hasattr(request, "path") and hasattr(request, "get_full_path"):
        raw = _raw_forms(request)
        route = route_of(request)
        if isinstance(copy.args, tuple):
            copy.args = tuple(
                route if isinstance(arg, str) and arg in raw else arg for arg in copy.args
            )
        # A message formatted in advance with the path in it says only where it happened.
        if isinstance(copy.msg, str) and any(len(form) > 1 and form in copy.msg for form in raw):
            copy.msg, copy.args = f"{copy.levelname.lower()} on {route}", ()
    return copy


def _with_context(record: logging.LogRecord) -> logging.LogRecord:
    record = _without_request(record)
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
    method, status and duration_ms when present (only `JSON_FIELDS`)."""

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

    def format(self, record):
        return super().format(_with_context(record))

    def add_fields(self, log_data, record, message_dict):
        super().add_fields(log_data, record, message_dict)
        for name in [name for name in log_data if name not in JSON_FIELDS]:
            del log_data[name]

    def formatTime(self, record, datefmt=None):
        from datetime import UTC, datetime

        return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
