import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from providers.models import ApiKey, BearerToken, Provider
from tests.conftest import basic_auth

pytestmark = pytest.mark.django_db


def run(*args) -> dict:
    out = StringIO()
    call_command(*args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_create_provider_prints_ids_and_a_working_secret():
    data = run("create_provider", "--name", "Acme Bank")
    assert set(data) == {"providerID", "apiKeyID", "apiKeySecret"}
    assert Provider.objects.get(pk=data["providerID"]).name == "Acme Bank"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=basic_auth(data["apiKeyID"], data["apiKeySecret"]))
    assert client.get(f"/providers/{data['providerID']}/participants").status_code == 200


def test_create_api_key_with_scopes():
    provider = run("create_provider", "--name", "Acme")["providerID"]
    data = run(
        "create_api_key",
        "--provider",
        provider,
        "--scope",
        "payments.read",
        "--scope",
        "participants.read",
    )
    assert set(data) == {"apiKeyID", "apiKeySecret", "scopes"}
    assert data["scopes"] == ["participants.read", "payments.read"]
    assert ApiKey.objects.get(pk=data["apiKeyID"]).scopes == data["scopes"]


def test_create_api_key_defaults_to_every_scope():
    provider = run("create_provider", "--name", "Acme")["providerID"]
    data = run("create_api_key", "--provider", provider)
    scopes = data["scopes"]
    assert {"service-devices.read", "payments.write", "ledger.write"} <= set(scopes)
    assert len(scopes) == 17


def test_issue_token_with_ttl_and_scopes():
    provider = run("create_provider", "--name", "Acme")["providerID"]
    data = run(
        "issue_token", "--provider", provider, "--scope", "service-devices.read", "--ttl", "90"
    )
    assert set(data) == {"token", "scopes", "expiresOn"}
    assert data["scopes"] == ["service-devices.read"]
    assert data["expiresOn"].endswith("Z")
    assert BearerToken.objects.count() == 1


def test_revoke_api_key_stops_it():
    created = run("create_provider", "--name", "Acme")
    call_command("revoke_api_key", "--key", created["apiKeyID"], stdout=StringIO())
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=basic_auth(created["apiKeyID"], created["apiKeySecret"]))
    assert client.get(f"/providers/{created['providerID']}/participants").status_code == 401


@pytest.mark.parametrize(
    "args",
    [
        ("create_api_key", "--provider", "prv_missing"),
        ("issue_token", "--provider", "prv_missing"),
        ("revoke_api_key", "--key", "key_missing"),
    ],
)
def test_unknown_ids_are_command_errors(args):
    with pytest.raises(CommandError):
        call_command(*args, stdout=StringIO())


def test_issue_token_rejects_out_of_range_ttl():
    provider = run("create_provider", "--name", "Acme")["providerID"]
    with pytest.raises(CommandError):
        call_command("issue_token", "--provider", provider, "--ttl", "0", stdout=StringIO())


def test_human_output_without_json():
    out = StringIO()
    call_command("create_provider", "--name", "Plain", stdout=out)
    assert "providerID:" in out.getvalue()
