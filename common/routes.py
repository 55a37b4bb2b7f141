"""A request named by the URL pattern it matched, never by its raw path (which holds IDs and
may hold personal data): for metric labels and log lines."""

import re

_REGEX_GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


def route_of(request) -> str:
    """The URL pattern that matched (`/providers/{providerID}/participants`), or a fixed label."""
    match = getattr(request, "resolver_match", None)
    if match is None or not match.route:
        return "unmatched"
    # A regular-expression route (the admin's app index) reads as a template too.
    route = _REGEX_GROUP.sub(r"<\1>", match.route).replace("^", "").replace("$", "")
    for converter in ("str:", "int:", "slug:", "uuid:", "path:"):
        route = route.replace(f"<{converter}", "{")
    return "/" + route.replace("<", "{").replace(">", "}")
