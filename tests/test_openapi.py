"""The OpenAPI schema generates cleanly and documents every response the contract names."""

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator

from tests import contract

PROBLEM = "application/problem+json"

CONTRACT_RESPONSES = contract.RESPONSES

# The contract names no idempotency header for payment-review resolutions: there it is optional.
OPTIONALLY_IDEMPOTENT = {("post", "/providers/{providerID}/reviews/{reviewID}/resolutions")}
IDEMPOTENT = {
    key for key in CONTRACT_RESPONSES if key[0] in {"post", "put"}
} - OPTIONALLY_IDEMPOTENT


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def test_schema_generates_without_warnings_and_validates(tmp_path):
    # --fail-on-warn turns any drf-spectacular warning into an error.
    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml")
    )


@pytest.mark.parametrize(("method", "path"), sorted(CONTRACT_RESPONSES))
def test_operation_lists_every_contract_response(schema, method, path):
    operation = schema["paths"][path][method]
    documented = {int(status) for status in operation["responses"]}
    missing = CONTRACT_RESPONSES[(method, path)] - documented
    assert not missing, f"{method.upper()} {path} does not document {sorted(missing)}"
    for status, response in operation["responses"].items():
        if int(status) >= 400:
            assert PROBLEM in response["content"], (method, path, status)


@pytest.mark.parametrize(("method", "path"), sorted(IDEMPOTENT))
def test_idempotent_operations_require_the_header(schema, method, path):
    params = schema["paths"][path][method]["parameters"]
    header = next(p for p in params if p["name"] == "X-Idempotency-Key")
    assert header["in"] == "header" and header["required"] is True
    assert header["schema"] == {"type": "string", "minLength": 1, "maxLength": 255}


@pytest.mark.parametrize(("method", "path"), sorted(OPTIONALLY_IDEMPOTENT))
def test_optionally_idempotent_operations_document_the_header_as_optional(schema, method, path):
    params = schema["paths"][path][method]["parameters"]
    header = next(p for p in params if p["name"] == "X-Idempotency-Key")
    assert header["in"] == "header" and not header.get("required", False)


def test_every_provider_operation_documents_the_version_header(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            names = {p["name"] for p in operation.get("parameters", [])}
            assert "X-Service-Version" in names, (method, path)


def test_swagger_ui_and_schema_are_served(client):
    assert client.get("/api/docs/").status_code == 200
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/providers/{providerID}/participants" in response.content
