"""Nothing secret is stored in plain text: after a cycle that shows every kind of credential
once (API keys, bearer tokens, webhook signing secrets over the API and in the admin, their
idempotent replays, a staff login), no column of any table holds one, nor the `whsec_`
prefix, nor the secrets' raw base64."""

import json
import re

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client

from api.models import IdempotencyRecord
from events import secrets as webhook_secrets
from events.models import WebhookEndpoint
from providers import services as provider_services
from tests.events.receiver import Receiver
from tests.participants.factories import create_participant
from tests.reviews.admin_support import PASSWORD, staff_user

pytestmark = pytest.mark.django_db


def _stored_values():
    """(table, column, text) of every value in every table."""
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            columns = [column[0] for column in cursor.description]
            for row in cursor.fetchall():
                for column, value in zip(columns, row, strict=True):
                    if isinstance(value, memoryview | bytes):
                        value = bytes(value).decode("utf-8", "replace")
                    elif isinstance(value, dict | list):
                        value = json.dumps(value)
                    if value is not None:
                        yield table, column, str(value)


def _post(client, url, body, key):
    response = client.post(url, body, format="json", HTTP_X_IDEMPOTENCY_KEY=key)
    assert response.status_code in (200, 201, 202), response.content
    return response


def _full_cycle(provider, settings, capsys, on_commit) -> list[str]:
    """Shows every kind of credential once; returns them."""
    shown = [provider.secret]
    shown.append(provider_services.create_api_key(provider=provider.provider).secret)
    call_command("issue_token", "--provider", provider.id, "--json")
    shown.append(json.loads(capsys.readouterr().out)["token"])
    token = provider.client.post(provider.url("/tokens"), {}, format="json")
    shown.append(token.json()["token"])

    receiver = Receiver()
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOWED_HOSTS = ["127.0.0.1"]
    try:
        body = {"url": receiver.url, "eventTypes": []}
        created = _post(provider.client, provider.url("/webhook-endpoints"), body, "wh-1")
        replay = _post(provider.client, provider.url("/webhook-endpoints"), body, "wh-1")
        assert replay.content == created.content  # the retried create still gets its secret
        endpoint = created.json()["endpointID"]
        shown.append(created.json()["secret"])
        rotations = provider.url(f"/webhook-endpoints/{endpoint}/secret-rotations")
        rotated = _post(provider.client, rotations, {}, "rot-1")
        assert _post(provider.client, rotations, {}, "rot-1").content == rotated.content
        shown.append(rotated.json()["secret"])
        with on_commit(execute=True):  # deliveries are sent once their event commits
            tests = provider.url(f"/webhook-endpoints/{endpoint}/tests")
            _post(provider.client, tests, {}, "t-1")
            create_participant(provider)
        assert receiver.received  # deliveries were signed and sent
    finally:
        receiver.close()

    staff = Client()
    wrong = "mistyped-password-7f3a9c"  # a failed login's password: axes keeps the form data
    assert staff.post("/admin/login/", {"username": "scan_admin", "password": wrong}).status_code
    staff_user("scan_admin", superuser=True)
    login = staff.post(
        "/admin/login/?next=/admin/",
        {"username": "scan_admin", "password": PASSWORD, "next": "/admin/"},
    )
    assert login.status_code == 302
    added = staff.post(
        "/admin/events/webhookendpoint/add/",
        {"provider": provider.id, "url": "https://hooks.example.com/in", "description": ""},
    )
    assert added.status_code == 200
    in_admin = WebhookEndpoint.objects.get(url="https://hooks.example.com/in")
    rotated_in_admin = staff.post(
        "/admin/events/webhookendpoint/",
        {"action": "rotate_secret", "_selected_action": [in_admin.pk]},
    )
    assert rotated_in_admin.status_code == 200
    for endpoint in WebhookEndpoint.objects.all():
        for sealed in (endpoint.sealed_secret, endpoint.sealed_previous_secret):
            if sealed:
                shown.append(webhook_secrets.unseal(sealed, endpoint_id=endpoint.pk))
    shown += [PASSWORD, wrong]
    return shown


def test_no_table_holds_a_secret_after_a_full_cycle(
    provider, settings, capsys, django_capture_on_commit_callbacks
):
    shown = _full_cycle(provider, settings, capsys, django_capture_on_commit_callbacks)
    assert len(set(shown)) >= 9
    needles = set(shown)
    # A secret stored without its prefix: the raw base64 of every signing secret.
    needles |= {secret.removeprefix("whsec_") for secret in shown if secret.startswith("whsec_")}
    found = []
    for table, column, text in _stored_values():
        if "whsec_" in text or any(needle in text for needle in needles):
            found.append(f"{table}.{column}")
    assert found == []
    assert IdempotencyRecord.objects.filter(response_sealed=True).count() == 4


def test_the_scan_would_see_a_secret_left_in_clear(provider):
    """The scan reads the replay store: a body stored unsealed is found."""
    IdempotencyRecord.objects.create(
        provider_id=provider.id, key="plain", fingerprint="f", created_on="2026-01-01T00:00Z",
        response_body=b'{"secret":"whsec_abc"}',
    )  # fmt: skip
    hits = [
        (table, column) for table, column, text in _stored_values() if re.search("whsec_", text)
    ]
    assert hits == [("api_idempotencyrecord", "response_body")]
