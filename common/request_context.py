"""What the work in progress was caused by: the request ID (accepted from the caller or made
at the edge) and, once authenticated, the calling provider. Log lines, tasks, events and
outbound calls read them here. Empty outside a request or a task that carries one."""

from contextvars import ContextVar

_request_id: ContextVar[str] = ContextVar("request_id", default="")
_provider_id: ContextVar[str] = ContextVar("provider_id", default="")


def request_id() -> str:
    return _request_id.get()


def provider_id() -> str:
    return _provider_id.get()


def bind(request_id_value: str, provider_id_value: str = "") -> tuple:
    """Set both for the work about to run; returns what `reset` takes."""
    return _request_id.set(request_id_value), _provider_id.set(provider_id_value)


def set_provider(value: str) -> None:
    _provider_id.set(value)


def reset(tokens: tuple) -> None:
    request_token, provider_token = tokens
    _provider_id.reset(provider_token)
    _request_id.reset(request_token)
