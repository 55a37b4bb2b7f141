from api.routers import PROVIDER, ProviderRouter
from payments.api import payout_commands, request_commands, views

router = ProviderRouter()
router.register(f"{PROVIDER}/payments", views.PaymentViewSet, basename="payment")
router.register(
    f"{PROVIDER}/participants/<str:participantID>/payments",
    views.ParticipantPaymentViewSet,
    basename="participant-payment",
)
router.register(f"{PROVIDER}/payouts", views.PayoutViewSet, basename="payout")
router.register(f"{PROVIDER}/requests", views.RequestViewSet, basename="request")
# The writes on the same paths, in their own viewsets (the reads' routes come first).
router.register(
    f"{PROVIDER}/payouts", payout_commands.PayoutCommandViewSet, basename="payout-command"
)
router.register(
    f"{PROVIDER}/requests", request_commands.RequestCommandViewSet, basename="request-command"
)

urlpatterns = router.urls
