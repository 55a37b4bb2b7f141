from api.routers import PROVIDER, ProviderRouter
from events.api import views

router = ProviderRouter()
router.register(f"{PROVIDER}/events", views.EventViewSet, basename="event")
router.register(
    f"{PROVIDER}/webhook-endpoints", views.WebhookEndpointViewSet, basename="webhook-endpoint"
)

urlpatterns = router.urls
