from django.urls import path

from ledger.sandbox import views

app_name = "sandbox_ledger"

urlpatterns = [
    path(f"<str:provider_id>/{endpoint}", views.callback, {"endpoint": endpoint}, name=endpoint)
    for endpoint in ("authorize", "release", "capture")
]
