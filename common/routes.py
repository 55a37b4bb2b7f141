"""A request named by the URL pattern it matched, never by its raw path (which holds IDs and
may hold personal data): for metric labels and log lines."""


def route_of(request) -> str:
    """The URL pattern that matched (`/providers/{providerID}/participants`), or a fixed label."""
    match = getattr(request, "resolver_match", None)
    if match is None or not match.route:
        return "unmatched"
    route = match.route
    for converter in ("str:", "int:", "slug:", "uuid:", "path:"):
        route = route.replace(f"<{converter}", "{")
    return "/" + route.replace("<", "{").replace(">", "}")
