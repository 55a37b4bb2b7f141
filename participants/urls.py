from django.urls import path

from participants.api import views

P = "providers/<str:providerID>/participants"

urlpatterns = [
    path(P, views.ParticipantsView.as_view(), name="participants"),
    path(f"{P}/<str:participantID>", views.ParticipantDetailView.as_view(), name="participant"),
    path(
        f"{P}/<str:participantID>/funding-sources",
        views.FundingSourcesView.as_view(),
        name="participant-funding-sources",
    ),
    path(
        f"{P}/<str:participantID>/funding-sources/<str:fundingSourceID>",
        views.FundingSourceDetailView.as_view(),
        name="participant-funding-source",
    ),
    path(
        f"{P}/<str:participantID>/suspensions",
        views.SuspensionsView.as_view(),
        name="participant-suspensions",
    ),
    path(
        f"{P}/<str:participantID>/reactivations",
        views.ReactivationsView.as_view(),
        name="participant-reactivations",
    ),
]
