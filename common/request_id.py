"""The ID of the request being served, for whatever that request causes (log lines, tasks,
events, outbound calls). Empty outside a request."""

from contextvars import ContextVar

_current: ContextVar[str] = ContextVar("request_id", default="")


def current() -> str:
    return _current.get()


def bind(value: str):
    """Set the current request ID; returns the token `reset` takes."""
    return _current.set(value)


def reset(token) -> None:
    _current.reset(token)
