from django.urls import path

from payments.api import views

P = "providers/<str:providerID>"

urlpatterns = [
    path(f"{P}/payments", views.PaymentsView.as_view(), name="payments"),
    path(
        f"{P}/participants/<str:participantID>/payments",
        views.ParticipantPaymentsView.as_view(),
        name="participant-payments",
    ),
    path(f"{P}/payouts/<str:payoutID>", views.PayoutDetailView.as_view(), name="payout"),
    path(f"{P}/requests/<str:requestID>", views.RequestDetailView.as_view(), name="request"),
]
