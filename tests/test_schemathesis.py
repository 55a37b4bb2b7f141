"""Property-based run of every documented operation against the app, in-process over WSGI.

Each generated request must get a documented status, a response matching its schema, and
never a 5xx. The provider in the path is the caller's own, so requests reach the handlers.
"""

import os
from pathlib import Path

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from config.wsgi import application
from tests.conftest import basic_auth

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "25"))

CONFIG = SchemathesisConfig.from_path(Path(__file__).resolve().parent.parent / "schemathesis.toml")
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=CONFIG)


@pytest.fixture
def caller(provider):
    # The app is called over raw WSGI, so Django's request signals would close the test's
    # database connection mid-transaction; the test client disconnects them the same way.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield provider
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.mark.schemathesis
@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_operation_conforms_to_schema(case, caller):
    if "providerID" in (case.path_parameters or {}):
        case.path_parameters["providerID"] = caller.id
    case.call_and_validate(headers={"Authorization": basic_auth(caller.key_id, caller.secret)})
