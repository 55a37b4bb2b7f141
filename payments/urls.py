from api.routers import PROVIDER, ProviderRouter
from payments.api import views

router = ProviderRouter()
router.register(f"{PROVIDER}/payments", views.PaymentViewSet, basename="payment")
router.register(
    f"{PROVIDER}/participants/<str:participantID>/payments",
    views.ParticipantPaymentViewSet,
    basename="participant-payment",
)
router.register(f"{PROVIDER}/payouts", views.PayoutViewSet, basename="payout")
router.register(f"{PROVIDER}/requests", views.RequestViewSet, basename="request")

urlpatterns = router.urls
