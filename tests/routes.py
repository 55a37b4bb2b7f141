"""The provider routes of the URL configuration, for tests that must cover every one of them."""

import re

from django.urls import URLPattern, URLResolver, get_resolver

METHODS = ("get", "post", "put", "patch", "delete")
PROVIDER_ROUTE = "providers/<str:providerID>"


def _walk(patterns, prefix=""):
    for entry in patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from _walk(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            yield route, entry


def view_class(entry: URLPattern):
    return getattr(entry.callback, "view_class", None) or getattr(entry.callback, "cls", None)


def _methods(entry: URLPattern) -> list[str]:
    """The methods a route answers: a viewset route's action map, or a view's handlers."""
    actions = getattr(entry.callback, "actions", None)
    if actions is not None:
        return [method for method in METHODS if method in actions]
    view = view_class(entry)
    return [method for method in METHODS if view is not None and hasattr(view, method)]


def provider_routes() -> list[tuple[str, str]]:
    """(route pattern, method) for every method a provider route's view implements."""
    found = []
    for route, entry in _walk(get_resolver().url_patterns):
        if route.startswith(PROVIDER_ROUTE):
            found.extend((route, method) for method in _methods(entry))
    return sorted(found)


def provider_operations() -> dict[tuple[str, str], object]:
    """(route pattern, method) -> an instance of the route's view as it serves that method
    (a viewset with its action set), to ask for its scopes and idempotency."""
    found = {}
    for route, entry in _walk(get_resolver().url_patterns):
        if not route.startswith(PROVIDER_ROUTE):
            continue
        actions = getattr(entry.callback, "actions", None)
        for method in _methods(entry):
            view = view_class(entry)(**getattr(entry.callback, "initkwargs", {}))
            if actions is not None:
                view.action = actions[method]
            found[(route, method)] = view
    return found


def provider_views() -> dict[str, type]:
    """route pattern -> view class, for every provider route."""
    return {
        route: view_class(entry)
        for route, entry in _walk(get_resolver().url_patterns)
        if route.startswith(PROVIDER_ROUTE)
    }


def fill(route: str, values: dict) -> str:
    """The request path of a route pattern with its path values."""
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(values[m.group(1)]), route)


def openapi_path(route: str) -> str:
    """The route pattern as an OpenAPI path template."""
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route)
