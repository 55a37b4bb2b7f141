from django.urls import path

from reviews.api import views

P = "providers/<str:providerID>"
R = f"{P}/participant-reviews"

urlpatterns = [
    path(R, views.ParticipantReviewsView.as_view(), name="participant-reviews"),
    path(
        f"{R}/<str:reviewID>",
        views.ParticipantReviewDetailView.as_view(),
        name="participant-review",
    ),
    path(
        f"{R}/<str:reviewID>/assignment",
        views.ParticipantReviewAssignmentView.as_view(),
        name="participant-review-assignment",
    ),
    path(
        f"{R}/<str:reviewID>/suspensions",
        views.ParticipantReviewSuspensionsView.as_view(),
        name="participant-review-suspensions",
    ),
    path(
        f"{P}/reviews/<str:reviewID>/resolutions",
        views.PaymentReviewResolutionsView.as_view(),
        name="payment-review-resolutions",
    ),
    path(
        f"{P}/participants/<str:participantID>/risk-assessments",
        views.RiskAssessmentsView.as_view(),
        name="participant-risk-assessments",
    ),
    path(
        f"{P}/payments/<str:paymentID>/risk-assessments/<str:assessmentID>/device-observations",
        views.DeviceObservationsView.as_view(),
        name="payment-device-observations",
    ),
]
