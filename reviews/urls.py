from api.routers import PROVIDER, ProviderRouter
from reviews.api import views

router = ProviderRouter()
router.register(
    f"{PROVIDER}/participant-reviews", views.ParticipantReviewViewSet, basename="participant-review"
)
router.register(
    f"{PROVIDER}/review-commands", views.ReviewCommandViewSet, basename="review-command"
)
router.register(f"{PROVIDER}/reviews", views.PaymentReviewViewSet, basename="payment-review")
router.register(
    f"{PROVIDER}/participants/<str:participantID>/risk-assessments",
    views.RiskAssessmentViewSet,
    basename="participant-risk-assessment",
)
router.register(
    f"{PROVIDER}/participants/<str:participantID>/sign-ins",
    views.SignInViewSet,
    basename="participant-sign-in",
)
router.register(
    f"{PROVIDER}/payments/<str:paymentID>/risk-assessments/<str:assessmentID>/device-observations",
    views.DeviceObservationViewSet,
    basename="payment-device-observation",
)

urlpatterns = router.urls
