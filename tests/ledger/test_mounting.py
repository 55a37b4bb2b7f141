"""The sandbox is mounted only when enabled, and never part of the provider API schema."""

import importlib

import pytest
from django.urls import clear_url_caches, resolve
from django.urls.exceptions import Resolver404
from drf_spectacular.generators import SchemaGenerator

import config.urls


@pytest.fixture
def reload_urls(settings):
    original = settings.SANDBOX_LEDGER_ENABLED

    def reload(enabled: bool):
        settings.SANDBOX_LEDGER_ENABLED = enabled
        importlib.reload(config.urls)
        clear_url_caches()

    yield reload
    reload(original)


def test_mounted_when_enabled(reload_urls):
    reload_urls(True)
    match = resolve("/sandbox/ledger/prv_X/authorize")
    assert match.kwargs == {"provider_id": "prv_X", "endpoint": "authorize"}


def test_not_mounted_when_disabled(reload_urls):
    reload_urls(False)
    with pytest.raises(Resolver404):
        resolve("/sandbox/ledger/prv_X/authorize")


def test_not_in_the_openapi_schema(reload_urls):
    reload_urls(True)
    schema = SchemaGenerator().get_schema(request=None, public=True)
    # The provider's own registration (`/providers/{providerID}/ledger`) is provider API.
    assert not [path for path in schema["paths"] if "sandbox" in path or "/ledger/" in path]
