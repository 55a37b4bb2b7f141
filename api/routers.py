"""The router every provider resource is registered on.

DRF's SimpleRouter with `path()` routes and no trailing slash, so a route reads as the
contract writes it (`providers/<str:providerID>/events/<str:eventID>`) and matches exactly
what the hand-written routes matched: a path value is anything but a slash (dots included;
DRF's default regex stops at a dot), and `/events/` is not `/events`. A prefix carries the
parent path values (`providers/<str:providerID>/participants/<str:participantID>/...`);
sub-resources are the viewset's @actions.
"""

from rest_framework.routers import SimpleRouter


class ProviderRouter(SimpleRouter):
    def __init__(self):
        super().__init__(trailing_slash=False, use_regex_path=False)


PROVIDER = "providers/<str:providerID>"
