from django.urls import path

from limits.api import views

P = "providers/<str:providerID>"

urlpatterns = [
    path(
        f"{P}/participants/<str:participantID>/effective-limits",
        views.EffectiveLimitsView.as_view(),
        name="participant-effective-limits",
    ),
    path(f"{P}/limits/defaults", views.LimitDefaultsView.as_view(), name="limit-defaults"),
    path(f"{P}/limit-groups", views.LimitGroupsView.as_view(), name="limit-groups"),
    path(
        f"{P}/limit-groups/<str:groupID>",
        views.LimitGroupDetailView.as_view(),
        name="limit-group",
    ),
]
