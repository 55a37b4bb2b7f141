from api.routers import PROVIDER, ProviderRouter
from events.api import self_service, views

router = ProviderRouter()
router.register(f"{PROVIDER}/events", views.EventViewSet, basename="event")
router.register(
    f"{PROVIDER}/webhook-endpoints",
    self_service.WebhookEndpointSelfServiceViewSet,
    basename="webhook-endpoint",
)
router.register(
    f"{PROVIDER}/webhook-endpoints/<str:endpointID>/deliveries",
    self_service.WebhookDeliveryViewSet,
    basename="webhook-delivery",
)

urlpatterns = router.urls
