from django.urls import path

from events.api import views

P = "providers/<str:providerID>"

urlpatterns = [
    path(f"{P}/events", views.EventsView.as_view(), name="events"),
    path(f"{P}/events/<str:eventID>", views.EventDetailView.as_view(), name="event"),
    path(
        f"{P}/events/<str:eventID>/redeliveries",
        views.EventRedeliveriesView.as_view(),
        name="event-redeliveries",
    ),
    path(f"{P}/webhook-endpoints", views.WebhookEndpointsView.as_view(), name="webhook-endpoints"),
    path(
        f"{P}/webhook-endpoints/<str:endpointID>",
        views.WebhookEndpointDetailView.as_view(),
        name="webhook-endpoint",
    ),
    path(
        f"{P}/webhook-endpoints/<str:endpointID>/secret-rotations",
        views.SecretRotationsView.as_view(),
        name="webhook-secret-rotations",
    ),
    path(
        f"{P}/webhook-endpoints/<str:endpointID>/tests",
        views.EndpointTestsView.as_view(),
        name="webhook-endpoint-tests",
    ),
]
