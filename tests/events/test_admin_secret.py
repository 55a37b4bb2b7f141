"""The webhook signing secret is shown once in the admin: after adding an endpoint and after
rotating its secret, then never again."""

import pytest
from django.contrib.auth import get_user_model

from events import secrets
from events.models import WebhookEndpoint

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    user = get_user_model().objects.create_superuser("ops", "ops@example.com", "pw-123456789")
    client.force_login(user)
    return client


def _secret(endpoint: WebhookEndpoint) -> str:
    return secrets.unseal(endpoint.sealed_secret, endpoint_id=endpoint.pk)


def test_adding_an_endpoint_shows_its_secret_once(staff, provider):
    response = staff.post(
        "/admin/events/webhookendpoint/add/",
        {"provider": provider.id, "url": "https://hooks.example.com/in", "description": ""},
    )
    assert response.status_code == 200
    endpoint = WebhookEndpoint.objects.get()
    page = response.content.decode()
    assert "Signing secret for https://hooks.example.com/in" in page
    assert _secret(endpoint) in page
    assert f"/admin/events/webhookendpoint/{endpoint.pk}/change/" in page
    assert "Back to the endpoint" in page and "The previous secret" not in page
    again = staff.get(f"/admin/events/webhookendpoint/{endpoint.pk}/change/")
    assert again.status_code == 200 and _secret(endpoint) not in again.content.decode()


def test_rotating_shows_the_new_secret_and_how_long_the_old_one_signs(staff, provider):
    staff.post(
        "/admin/events/webhookendpoint/add/",
        {"provider": provider.id, "url": "https://hooks.example.com/in", "description": ""},
    )
    endpoint = WebhookEndpoint.objects.get()
    old = _secret(endpoint)
    response = staff.post(
        "/admin/events/webhookendpoint/",
        {"action": "rotate_secret", "_selected_action": [endpoint.pk]},
    )
    assert response.status_code == 200
    endpoint.refresh_from_db()
    page = response.content.decode()
    assert _secret(endpoint) in page and old not in page
    expires = endpoint.previous_secret_expires_on.strftime("%Y-%m-%d %H:%M")
    assert f"keeps signing beside it until {expires}" in page
