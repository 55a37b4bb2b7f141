"""OpenAPI documentation of an operation: its summary, description, one tag and the examples
of its request body and success answer (an app's api/docs.py gathers its operations' and its
views apply them with `extend_schema_view`). tests/test_openapi_docs.py checks every operation
has them and that each example is valid against its schema."""

from drf_spectacular.utils import OpenApiExample, extend_schema

# Samples more than one app's examples show (one demo participant and the application actor).
ADDRESS = {
    "addressLine1": "100 Market St",
    "city": "San Francisco",
    "stateOrProvince": "CA",
    "postalCode": "94105",
    "country": "US",
}
ACTOR = {
    "kind": "application",
    "applicationKeyID": "key_01M8GAW74V76803MA96F0SM32G",
    "callingAccountID": "prv_01M8GAW74SGEP0VNH0QSC8NZEC",
}
PARTICIPANT = {
    "participantID": "usr_01M8GAW74WNX6DRJMY3Z1W9RXR_user",
    "externalID": "demo-alice",
    "givenName": "Alice",
    "familyName": "Nguyen",
    "address": ADDRESS,
    "versionID": "Hq2cV0l7n3YtJ8sPZb1WeA",
    "phones": [
        {
            "createdOn": "2026-11-28T05:43:31.229241Z",
            "phone": {"countryCode": "1", "number": "4155550101"},
        }
    ],
    "emails": [{"createdOn": "2026-11-28T05:43:31.229283Z", "email": "alice@example.com"}],
    "limitGroups": [{"groupID": "grp_01M8GAW7MZG5DBY14K738NYDHT", "name": "VIP"}],
    "status": "active",
    "createdOn": "2026-11-28T05:43:31.228802Z",
    "updatedOn": "2026-11-28T05:43:31.257665Z",
    "relationship": {"suspended": False, "versionID": "UcDiybmblBSqSKKYOUJiJg"},
}


def usd(value: str) -> dict:
    """An amount as the API renders it: the decimal string and its currency."""
    return {
        "value": value,
        "currency": {"code": "USD", "decimalPlaces": 2, "numericCode": "840", "name": "US Dollar"},
    }


def operation(
    tag: str,
    summary: str,
    description: str | None = None,
    *,
    request: dict | None = None,
    response: dict | list | None = None,
    status: int = 200,
    example: str | None = None,
):
    """One operation's documentation. `description` None keeps the view's own; `example`
    names the examples (the summary by default)."""
    name = example or summary
    examples = []
    if request is not None:
        examples.append(OpenApiExample(name, value=request, request_only=True))
    if response is not None:
        examples.append(
            OpenApiExample(name, value=response, response_only=True, status_codes=[str(status)])
        )
    return extend_schema(tags=[tag], summary=summary, description=description, examples=examples)
