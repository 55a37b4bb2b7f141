from django.urls import path

from api.routers import PROVIDER
from ledger.api import views

# One registration per provider: its path names no ID, so the viewset is mapped by hand.
urlpatterns = [
    path(
        f"{PROVIDER}/ledger",
        views.LedgerRegistrationViewSet.as_view({"get": "retrieve", "put": "update"}),
        name="ledger-registration",
    )
]
