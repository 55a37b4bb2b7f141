from api.routers import PROVIDER, ProviderRouter
from participants.api import views

router = ProviderRouter()
router.register(f"{PROVIDER}/participants", views.ParticipantViewSet, basename="participant")
router.register(
    f"{PROVIDER}/participants/<str:participantID>/funding-sources",
    views.FundingSourceViewSet,
    basename="participant-funding-source",
)

urlpatterns = router.urls
