from django.urls import path

from security import views

urlpatterns = [
    path("setup/", views.setup, name="second-factor-setup"),
    path("verify/", views.verify, name="second-factor-verify"),
]
