"""What a provider's own credentials answer, as plain dicts (datetimes left for the JSON
encoder; `providers/api/serializers.py` describes the same shapes for the schema). A token's
value is rendered only by the response that issues it."""

from providers.services import IssuedToken


def render_token(issued: IssuedToken) -> dict:
    return {
        "token": issued.value,
        "scopes": issued.token.scopes,
        "expiresOn": issued.token.expires_on,
    }
