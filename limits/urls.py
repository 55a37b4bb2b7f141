from api.routers import PROVIDER, ProviderRouter
from limits.api import views

router = ProviderRouter()
router.register(
    f"{PROVIDER}/participants", views.ParticipantLimitsViewSet, basename="participant-limits"
)
router.register(f"{PROVIDER}/limits", views.LimitDefaultsViewSet, basename="limits")
router.register(f"{PROVIDER}/limit-groups", views.LimitGroupViewSet, basename="limit-group")

urlpatterns = router.urls
