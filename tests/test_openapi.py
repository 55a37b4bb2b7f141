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


@pytest.mark.parametrize(("method", "path"), sorted(IDEMPOTENT | OPTIONALLY_IDEMPOTENT))
def test_replayable_successes_document_the_replay_header(schema, method, path):
    for status, response in schema["paths"][path][method]["responses"].items():
        headers = response.get("headers", {})
        if int(status) < 300:
            header = headers["Idempotent-Replayed"]
            assert header["schema"] == {"type": "string", "enum": ["true"]}
            assert not header.get("required", False)  # absent on a first answer
        else:
            assert "Idempotent-Replayed" not in headers, (method, path, status)


def test_operations_without_a_key_never_document_the_replay_header(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            names = {p["name"] for p in operation.get("parameters", [])}
            if "X-Idempotency-Key" in names:
                continue
            for response in operation["responses"].values():
                assert "Idempotent-Replayed" not in response.get("headers", {}), (method, path)


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


REASON_CODES = {
    "suspected-fraud",
    "account-compromise",
    "customer-request",
    "compliance-review",
    "legal-hold",
    "policy-violation",
    "other",
}
PAYOUT_STATUSES = {
    "initiated", "authorized", "accepted", "claiming", "completed", "failed", "payout_failed",
    "cancelled", "expired", "denied",
}  # fmt: skip
REQUEST_STATUSES = {
    "created", "authenticated", "declined", "cancelled", "expired", "paying", "funded",
    "disbursing", "disbursement_failed", "completed", "reversing", "reversal_failed", "reversed",
    "denied",
}  # fmt: skip

EVIDENCE_LEVELS = {"low", "medium", "high", "very_high", "unknown"}
SIGNAL_KEYS = {
    "addressRiskLevel", "emailDomainLevel", "emailLevel", "pepLevel", "phoneLevel", "sanctionLevel",
}  # fmt: skip

# (component, property) -> the enum the contract names for it.
CONTRACT_ENUMS = {
    ("Participant", "status"): {"active", "disabled", "pending", "denied"},
    ("FundingSource", "fundingType"): {"card", "bank_account"},
    ("FundingSourceInRequest", "fundingType"): {"card", "bank_account"},
    ("Funding", "fundingType"): {"card", "bank_account"},
    ("RelationshipSummary", "reasonCode"): REASON_CODES,
    ("Relationship", "reasonCode"): REASON_CODES,
    ("SuspendRequest", "reasonCode"): REASON_CODES,
    ("Actor", "kind"): {"user", "application", "system"},
    ("PayoutRow", "status"): PAYOUT_STATUSES,
    ("PayoutDetail", "status"): PAYOUT_STATUSES,
    ("RequestRow", "status"): REQUEST_STATUSES,
    ("RequestDetail", "status"): REQUEST_STATUSES,
    ("PayoutRow", "type"): {"payout"},
    ("RequestRow", "type"): {"request"},
    ("ParticipantPayoutRow", "direction"): {"sent", "received"},
    ("ParticipantRequestRow", "direction"): {"sent", "received"},
    ("Operation", "type"): {"collect", "authorize", "capture", "release", "disburse", "refund"},
    ("Operation", "rail"): {"aft", "oct", "core_hold", "core_credit"},
    ("Operation", "status"): {"reserved", "pending", "succeeded", "failed", "unknown"},
    ("FundedFrom", "fundingType"): {"aft", "core_ledger", "unknown"},
    ("LimitProviderSources", "dailyAmount"): {"platform", "provider"},
    ("ParticipantReview", "status"): {"pending", "resolved"},
    ("ParticipantReviewDetail", "status"): {"pending", "resolved"},
    ("Resolution", "action"): {"no_action", "suspend"},
    ("Resolution", "reasonCode"): REASON_CODES,
    ("SuspendFromReviewRequest", "reasonCode"): REASON_CODES,
    ("PaymentReview", "status"): {"pending", "approved", "rejected"},
    ("PayoutSummary", "status"): PAYOUT_STATUSES,
    ("RiskAssessment", "decision"): {"allow", "review", "deny"},
    ("RiskAssessment", "level"): {"low", "medium", "high", "very_high"},
    ("Signal", "key"): SIGNAL_KEYS,
    ("Signal", "value"): EVIDENCE_LEVELS,
    ("TransactionEvidence", "level"): EVIDENCE_LEVELS,
    ("TransactionEvidence", "amlLevel"): EVIDENCE_LEVELS,
    ("DeviceObservation", "deviceType"): {"mobile", "desktop"},
}

# (component, property) -> the JSON Schema type and format the contract names.
CONTRACT_FORMATS = {
    ("Participant", "dateOfBirth"): ("string", "date"),
    ("Participant", "createdOn"): ("string", "date-time"),
    ("Participant", "updatedOn"): ("string", "date-time"),
    ("Participant", "disabledOn"): ("string", "date-time"),
    ("Phone", "verifiedOn"): ("string", "date-time"),
    ("Email", "disabledOn"): ("string", "date-time"),
    ("FundingSource", "disabledOn"): ("string", "date-time"),
    ("Hold", "expiresOn"): ("string", "date-time"),
    ("Operation", "occurredOn"): ("string", "date-time"),
    ("PayoutDetail", "claimedOn"): ("string", "date-time"),
    ("RequestDetail", "fundedOn"): ("string", "date-time"),
    ("CountLimit", "ceiling"): ("integer", "int64"),
    ("LimitValues", "dailySendCount"): ("integer", "int64"),
    ("Problem", "type"): ("string", "uri"),
    ("ParticipantReview", "createdOn"): ("string", "date-time"),
    ("Resolution", "resolvedOn"): ("string", "date-time"),
    ("Note", "createdOn"): ("string", "date-time"),
    ("PaymentReview", "createdOn"): ("string", "date-time"),
    ("PaymentReview", "resolvedOn"): ("string", "date-time"),
    ("RiskAssessment", "assessedOn"): ("string", "date-time"),
    ("RiskAssessment", "score"): ("number", "double"),
    ("FiredRule", "ruleID"): ("integer", "int32"),
    ("DeviceObservation", "observedOn"): ("string", "date-time"),
}


def _resolve(schema, node: dict) -> dict:
    while "$ref" in node or "allOf" in node:
        if "allOf" in node:
            node = node["allOf"][0]
            continue
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    return node


@pytest.mark.parametrize(("component", "prop"), sorted(CONTRACT_ENUMS))
def test_enum_fields_carry_the_contract_values(schema, component, prop):
    node = _resolve(schema, schema["components"]["schemas"][component]["properties"][prop])
    assert set(node["enum"]) == CONTRACT_ENUMS[(component, prop)]


@pytest.mark.parametrize(("component", "prop"), sorted(CONTRACT_FORMATS))
def test_typed_fields_carry_the_contract_format(schema, component, prop):
    node = _resolve(schema, schema["components"]["schemas"][component]["properties"][prop])
    assert (node["type"], node.get("format")) == CONTRACT_FORMATS[(component, prop)]


def test_participant_limit_groups_are_group_refs(schema):
    node = schema["components"]["schemas"]["Participant"]["properties"]["limitGroups"]
    item = _resolve(schema, node["items"])
    assert set(item["properties"]) == {"groupID", "name"}
    assert set(item["required"]) == {"groupID", "name"}


def test_every_operation_documents_the_problems_any_route_can_answer(schema):
    """400 (a header), 401, 403, and 422 (a query value holding a NUL character)."""
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            documented = {int(status) for status in operation["responses"]}
            assert {400, 401, 403, 422} <= documented, (method, path)
