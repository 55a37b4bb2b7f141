from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularSwaggerSplitView,
)

from api.errors_page import errors_page

handler400 = "api.exceptions.bad_request_view"
handler403 = "api.exceptions.permission_denied_view"
handler404 = "api.exceptions.not_found_view"
handler500 = "api.exceptions.server_error_view"

urlpatterns = [
    path("admin/second-factor/", include("security.urls")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file (no inline script: CSP).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    path("errors", errors_page, name="errors"),
    path("", include("participants.urls")),
    path("", include("limits.urls")),
    path("", include("payments.urls")),
    path("", include("reviews.urls")),
    path("", include("providers.urls")),
    path("", include("events.urls")),
    path("", include("ledger.urls")),
    path("", include("ops.urls")),
]

if settings.SANDBOX_LEDGER_ENABLED:
    # The reference provider ledger (demo and tests); not part of the provider API or schema.
    urlpatterns.append(path("sandbox/ledger/", include("ledger.sandbox.urls")))

if settings.SANDBOX_WEBHOOKS_ENABLED:
    # The demo's webhook receiver; not part of the provider API or schema.
    urlpatterns.append(path("sandbox/webhooks/", include("events.sandbox.urls")))
