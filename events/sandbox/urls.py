from django.urls import path

from events.sandbox import views

app_name = "sandbox_webhooks"

urlpatterns = [path("<str:receiver_id>/", views.receive, name="receive")]
