import itertools

_counter = itertools.count(1)


def participant_payload(**overrides) -> dict:
    n = next(_counter)
    body = {
        "externalID": f"ext-{n}",
        "givenName": "Ada",
        "familyName": "Lovelace",
        "address": {
            "addressLine1": "1 Main St",
            "city": "Springfield",
            "stateOrProvince": "IL",
            "postalCode": "62701",
            "country": "US",
        },
        "phones": [{"countryCode": "1", "number": f"41555{n % 100000:05d}"}],
    }
    body.update(overrides)
    return body


def create_participant(ctx, key: str | None = None, **overrides) -> dict:
    """Create through the API; returns the 201 body."""
    n = next(_counter)
    response = ctx.client.post(
        ctx.url("/participants"),
        participant_payload(**overrides),
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key or f"create-{n}",
    )
    assert response.status_code == 201, response.content
    return response.json()
