from api.routers import PROVIDER, ProviderRouter
from participants.api import self_service

router = ProviderRouter()
router.register(
    f"{PROVIDER}/participants", self_service.ParticipantSelfServiceViewSet, basename="participant"
)
router.register(
    f"{PROVIDER}/participants/<str:participantID>/funding-sources",
    self_service.FundingSourceSelfServiceViewSet,
    basename="participant-funding-source",
)

urlpatterns = router.urls
