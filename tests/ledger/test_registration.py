"""Registering a provider's ledger: `set_ledger`, the admin, and the key at rest."""

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from ledger import keys
from ledger.models import LedgerRegistration

pytestmark = pytest.mark.django_db

URLS = [
    "--authorize-url",
    "https://ledger.example.com/hold",
    "--release-url",
    "https://ledger.example.com/release",
    "--capture-url",
    "https://ledger.example.com/capture",
]


def set_ledger(*args) -> dict:
    out = StringIO()
    call_command("set_ledger", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_generate_key_prints_the_jwk_once(provider):
    data = set_ledger("--provider", provider.id, *URLS, "--generate-key")
    assert set(data) == {"providerID", "jwk"}
    assert data["providerID"] == provider.id
    jwk = data["jwk"]
    assert jwk["kty"] == "oct" and jwk["alg"] == "A256KW" and len(jwk["k"]) == 43
    registration = LedgerRegistration.objects.get(provider_id=provider.id)
    assert registration.authorize_url == "https://ledger.example.com/hold"
    assert registration.release_url == "https://ledger.example.com/release"
    assert registration.capture_url == "https://ledger.example.com/capture"
    assert keys.as_jwk(registration.key()) == jwk
    assert registration.key_id == jwk["kid"]


def test_a_given_key_is_stored_and_not_echoed(provider):
    given = keys.as_jwk(keys.generate())
    data = set_ledger("--provider", provider.id, *URLS, "--key", json.dumps(given))
    assert data["jwk"] == {"kty": "oct", "alg": "A256KW", "kid": given["kid"]}
    assert keys.as_jwk(LedgerRegistration.objects.get().key())["k"] == given["k"]


def test_updating_urls_keeps_the_key(provider):
    first = set_ledger("--provider", provider.id, *URLS, "--generate-key")["jwk"]
    new_urls = [u.replace("ledger.example.com", "ledger2.example.com") for u in URLS]
    data = set_ledger("--provider", provider.id, *new_urls)
    assert data["jwk"] == {"kty": "oct", "alg": "A256KW", "kid": first["kid"]}
    registration = LedgerRegistration.objects.get()
    assert registration.authorize_url == "https://ledger2.example.com/hold"
    assert keys.as_jwk(registration.key())["k"] == first["k"]


def test_a_new_key_replaces_the_old(provider):
    first = set_ledger("--provider", provider.id, *URLS, "--generate-key")["jwk"]
    second = set_ledger("--provider", provider.id, *URLS, "--generate-key")["jwk"]
    assert first["k"] != second["k"]
    assert keys.as_jwk(LedgerRegistration.objects.get().key())["k"] == second["k"]


def test_the_key_is_not_in_the_database_in_clear(provider):
    jwk = set_ledger("--provider", provider.id, *URLS, "--generate-key")["jwk"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM ledger_ledgerregistration")
        dump = json.dumps(cursor.fetchall(), default=str)
    assert jwk["k"] not in dump


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "needs a key"),
        (["--key", "{}"], "symmetric JWK"),
        (["--key", '{"kty":"oct","k":"c2hvcnQ"}'], "256 bits"),
    ],
)
def test_invalid_registrations(provider, args, message):
    with pytest.raises(CommandError, match=message):
        set_ledger("--provider", provider.id, *URLS, *args)
    assert not LedgerRegistration.objects.exists()


def test_key_options_are_exclusive(provider):
    with pytest.raises(CommandError):
        set_ledger("--provider", provider.id, *URLS, "--generate-key", "--key", "{}")


def test_unknown_provider(db):
    with pytest.raises(CommandError, match="does not exist"):
        set_ledger("--provider", "prv_01M8000000000000000000000X", *URLS, "--generate-key")


def test_urls_must_be_https_when_required(provider, settings):
    settings.LEDGER_REQUIRE_HTTPS = True
    plain = [u.replace("https://", "http://") for u in URLS]
    with pytest.raises(CommandError, match="https URL"):
        set_ledger("--provider", provider.id, *plain, "--generate-key")
    settings.LEDGER_REQUIRE_HTTPS = False
    assert set_ledger("--provider", provider.id, *plain, "--generate-key")["jwk"]["k"]


@pytest.mark.parametrize(
    "url",
    [
        "ftp://ledger.example.com/x",
        "/relative",
        "not a url",
        "https://user:secret@ledger.example.com/x",
        "https://ledger.example.com/x#frag",
        "https://ledger.example.com:99999/x",
        "https:///no-host",
        "https://ledger.example.com/a b",
    ],
)
def test_urls_must_be_absolute_http(provider, url, settings):
    settings.LEDGER_REQUIRE_HTTPS = False
    args = ["--authorize-url", url, *URLS[2:]]
    with pytest.raises(CommandError, match="authorize URL"):
        set_ledger("--provider", provider.id, *args, "--generate-key")


def test_internal_host_names_are_allowed(provider, settings):
    settings.LEDGER_REQUIRE_HTTPS = False
    args = ["--authorize-url", "http://ledger-svc:8080/hold", *URLS[2:]]
    set_ledger("--provider", provider.id, *args, "--generate-key")
    assert LedgerRegistration.objects.get().authorize_url == "http://ledger-svc:8080/hold"


def test_human_output_names_the_urls(provider):
    out = StringIO()
    call_command("set_ledger", "--provider", provider.id, *URLS, "--generate-key", stdout=out)
    text = out.getvalue()
    assert "https://ledger.example.com/hold" in text and "shown once" in text


# --- admin ----------------------------------------------------------------------------------


@pytest.fixture
def staff(client):
    user = get_user_model().objects.create_superuser("ops", "ops@example.com", "pw-123456789")
    client.force_login(user)
    return client


def admin_form(provider_id, **extra):
    return {
        "provider": provider_id,
        "authorize_url": "https://ledger.example.com/hold",
        "release_url": "https://ledger.example.com/release",
        "capture_url": "https://ledger.example.com/capture",
        **extra,
    }


def test_admin_add_with_a_generated_key_shows_it_once(staff, provider):
    response = staff.post(
        "/admin/ledger/ledgerregistration/add/", admin_form(provider.id, generate_key="on")
    )
    assert response.status_code == 200
    registration = LedgerRegistration.objects.get()
    secret = keys.as_jwk(registration.key())["k"]
    assert secret in response.content.decode()
    page = staff.get(f"/admin/ledger/ledgerregistration/{provider.id}/change/")
    assert page.status_code == 200
    assert secret not in page.content.decode()
    assert registration.key_id in page.content.decode()


def test_admin_change_sets_a_given_key_and_urls(staff, provider):
    set_ledger("--provider", provider.id, *URLS, "--generate-key")
    given = keys.as_jwk(keys.generate())
    form = admin_form(provider.id, new_key=json.dumps(given))
    form["authorize_url"] = "https://new.example.com/hold"
    response = staff.post(f"/admin/ledger/ledgerregistration/{provider.id}/change/", form)
    assert response.status_code == 302
    registration = LedgerRegistration.objects.get()
    assert registration.authorize_url == "https://new.example.com/hold"
    assert keys.as_jwk(registration.key())["k"] == given["k"]


def test_admin_rejects_bad_input(staff, provider):
    url = "/admin/ledger/ledgerregistration/add/"
    no_key = staff.post(url, admin_form(provider.id))
    assert no_key.status_code == 200 and b"needs a key" in no_key.content
    bad_key = staff.post(url, admin_form(provider.id, new_key='{"kty":"oct","k":"abc"}'))
    assert b"256 bits" in bad_key.content
    both = staff.post(url, admin_form(provider.id, new_key="{}", generate_key="on"))
    assert b"not both" in both.content
    assert not LedgerRegistration.objects.exists()
