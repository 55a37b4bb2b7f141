from django.urls import path

from providers.api import views

urlpatterns = [
    path("providers/<str:providerID>/tokens", views.TokensView.as_view(), name="tokens"),
]
