from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from api.validation import validated
from api.views import ProviderViewSet
from common.errors import Forbidden
from providers import rendering, selectors, services
from providers.api import docs
from providers.api import serializers as s


@docs.TOKENS
class TokenViewSet(ProviderViewSet):
    """Narrowed bearer tokens for delegated callers, minted with an API key.

    Not idempotent on purpose: a replay would have to keep the token in clear.
    """

    problem_responses = {"create": (422,)}

    @extend_schema(
        operation_id="issueToken",
        request=s.TokenRequestSerializer,
        responses={201: s.TokenSerializer},
    )
    def create(self, request, providerID):
        key = selectors.get_api_key(self.principal.key_id) if not self.principal.token_id else None
        if key is None:
            raise Forbidden("Only an API key can issue tokens.")
        data = validated(s.TokenRequestSerializer, request.data, context={"key_scopes": key.scopes})
        issued = services.issue_token(
            provider=key.provider,
            api_key=key,
            scopes=data.get("scopes"),
            ttl_seconds=data.get("ttlSeconds"),
        )
        return Response(rendering.render_token(issued), status=status.HTTP_201_CREATED)
