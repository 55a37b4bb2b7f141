"""The base view keeps DRF's own dispatch, and what its docstring says about transactions
holds: under an idempotent request a service's atomic block is a savepoint of the request's
transaction, so its on_commit callbacks run after the key is completed, and a failure after
the service returned takes its writes and callbacks with it."""

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from api.models import IdempotencyRecord
from api.views import ProviderAPIView
from common.errors import InvalidRequest

pytestmark = pytest.mark.urls("tests.api.test_base_view")

# The state of the request's idempotency record when each on_commit callback ran.
seen_by_callbacks: list[str | None] = []


def _key_state(provider_id: str, key: str | None) -> str | None:
    records = IdempotencyRecord.objects.filter(provider_id=provider_id, key=key)
    return records.values_list("state", flat=True).first()


class _CallsAService(ProviderAPIView):
    optionally_idempotent_methods = ("POST",)

    def post(self, request, providerID):
        key = request.headers.get("X-Idempotency-Key")
        with transaction.atomic():  # what every service does
            get_user_model().objects.create(username=request.data["name"])
            transaction.on_commit(
                lambda: seen_by_callbacks.append(_key_state(providerID, key) or "no key")
            )
        if request.data.get("refuse"):
            raise InvalidRequest("Refused after the service returned.")
        return Response({"callbacksRun": len(seen_by_callbacks)}, status=201)


urlpatterns = [path("providers/<str:providerID>/service", _CallsAService.as_view())]


@pytest.fixture(autouse=True)
def _fresh_callbacks():
    seen_by_callbacks.clear()


def _post(ctx, body, key=None):
    headers = {"HTTP_X_IDEMPOTENCY_KEY": key} if key else {}
    return ctx.client.post(ctx.url("/service"), body, format="json", **headers)


def test_the_base_view_runs_drfs_own_dispatch():
    assert ProviderAPIView.dispatch is APIView.dispatch


@pytest.mark.django_db(transaction=True)
def test_under_a_key_a_services_callback_runs_after_the_key_is_completed(provider):
    response = _post(provider, {"name": "ada"}, key="k-1")
    assert response.status_code == 201
    assert response.json() == {"callbacksRun": 0}  # not yet when the handler returned
    assert seen_by_callbacks == ["completed"]
    assert get_user_model().objects.filter(username="ada").exists()


@pytest.mark.django_db(transaction=True)
def test_under_a_key_a_failure_after_the_service_takes_its_write_and_callback(provider):
    response = _post(provider, {"name": "bob", "refuse": True}, key="k-2")
    assert response.status_code == 422
    assert response["X-Idempotency-Key"] == "k-2"
    assert seen_by_callbacks == []
    assert not get_user_model().objects.filter(username="bob").exists()
    assert not IdempotencyRecord.objects.filter(key="k-2").exists()  # released


@pytest.mark.django_db(transaction=True)
def test_without_a_key_a_services_atomic_block_is_its_own_transaction(provider):
    response = _post(provider, {"name": "cy", "refuse": True})
    assert response.status_code == 422
    assert seen_by_callbacks == ["no key"]  # ran when the service's block committed
    assert get_user_model().objects.filter(username="cy").exists()
    assert _post(provider, {"name": "di"}).json() == {"callbacksRun": 2}
