"""X-Service-Version: selects the API version; absent means the configured default."""

from django.conf import settings

from common.errors import BadRequest

HEADER = "X-Service-Version"


def requested_version(request) -> str:
    value = request.META.get("HTTP_X_SERVICE_VERSION")
    if value is None:
        return settings.SERVICE_DEFAULT_VERSION
    if value not in settings.SERVICE_VERSIONS:
        supported = ", ".join(settings.SERVICE_VERSIONS)
        raise BadRequest(f"Unsupported {HEADER} {value!r}; supported: {supported}.")
    return value
