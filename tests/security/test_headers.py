"""The security headers on an API response, an admin page, Swagger UI and /errors: HSTS on
https, a Content-Security-Policy that allows no inline script without the response's nonce,
and the https redirect that believes a proxy's X-Forwarded-Proto."""

import re

import pytest

pytestmark = pytest.mark.django_db

HSTS = "max-age=31536000; includeSubDomains; preload"


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def _assert_strict(policy: dict) -> None:
    assert policy["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-eval'" not in policy["script-src"]
    assert "'unsafe-inline'" not in policy["style-src-elem"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'self'"]


def _nonce(policy: dict) -> str:
    [nonce] = [v for v in policy["script-src"] if v.startswith("'nonce-")]
    return nonce.removeprefix("'nonce-").rstrip("'")


def _assert_hsts_and_strict_csp(response) -> None:
    assert response.status_code == 200
    assert response["Strict-Transport-Security"] == HSTS
    _assert_strict(_policy(response))


def test_an_api_response(provider):
    response = provider.client.get(provider.url("/participants"), secure=True)
    _assert_hsts_and_strict_csp(response)
    assert response["X-Content-Type-Options"] == "nosniff"


def test_an_admin_page(client):
    response = client.get("/admin/login/", secure=True)
    _assert_hsts_and_strict_csp(response)
    assert response["X-Frame-Options"] == "DENY"


def test_swagger_ui_has_no_inline_script_and_its_style_carries_the_nonce(client):
    response = client.get("/api/docs/", secure=True)
    assert response.status_code == 200
    policy = _policy(response)
    _assert_strict(policy)
    page = response.content.decode()
    nonce = _nonce(policy)
    assert f'<style nonce="{nonce}">' in page
    scripts = re.findall(r"<script[^>]*>", page)
    assert len(scripts) == 3 and all(" src=" in tag for tag in scripts)
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page  # served from the sidecar
    script = client.get("/api/docs/?script=", secure=True)
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert b"SwaggerUIBundle" in script.content


def test_the_errors_page(client):
    response = client.get("/errors", secure=True)
    assert response.status_code == 200
    assert response["Strict-Transport-Security"] == HSTS
    policy = _policy(response)
    _assert_strict(policy)
    page = response.content.decode()
    assert f'<style nonce="{_nonce(policy)}">' in page and "<script" not in page


def test_no_hsts_on_plain_http(client):
    assert "Strict-Transport-Security" not in client.get("/errors")


def test_the_https_redirect_believes_the_proxys_forwarded_proto(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    plain = client.get("/errors")
    assert plain.status_code == 301 and plain["Location"] == "https://testserver/errors"
    proxied = client.get("/errors", HTTP_X_FORWARDED_PROTO="https")
    assert proxied.status_code == 200
    assert proxied["Strict-Transport-Security"] == HSTS
    # The host's own probes and scrapes stay on http.
    assert client.get("/healthz").status_code == 200
    assert client.get("/metrics").status_code != 301
