"""GET …/payments/{paymentID}/risk-assessments/{assessmentID}/device-observations: both
device and payment scopes, newest first with untimed last, cursors bound to the assessment,
and a 404 for every way the payment or assessment is not the caller's."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from api import scopes
from common.rendering import json_ready
from risk.models import DeviceObservation
from risk.rendering import render_device_observation as observation_data
from tests.payments.factories import enroll, make_payment
from tests.problems import assert_not_found
from tests.risk.factories import assessment, observed_payment

pytestmark = pytest.mark.django_db


def url(ctx, payment_id: str, assessment_id: str) -> str:
    return ctx.url(f"/payments/{payment_id}/risk-assessments/{assessment_id}/device-observations")


def get(ctx, payment_id, assessment_id, client=None, **params):
    return (client or ctx.client).get(url(ctx, payment_id, assessment_id), params)


def token_client(ctx, *scope_names: str) -> APIClient:
    response = ctx.client.post(ctx.url("/tokens"), {"scopes": list(scope_names)}, format="json")
    assert response.status_code == 201, response.content
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {response.json()['token']}")
    return client


BOTH = (scopes.SERVICE_DEVICES_READ, scopes.SERVICE_PAYMENTS_READ)


@pytest.mark.parametrize(
    "granted",
    [(scopes.SERVICE_DEVICES_READ,), (scopes.SERVICE_PAYMENTS_READ,), (scopes.PAYMENTS_READ,)],
)
def test_either_scope_missing_is_403_for_a_key_and_a_narrowed_token(provider, granted):
    payout, found = observed_payment(provider.provider)
    key = provider.client_with_scopes(*granted)
    assert get(provider, payout.id, found.pk, client=key).status_code == 403
    token = token_client(provider, *granted)
    assert get(provider, payout.id, found.pk, client=token).status_code == 403


def test_both_scopes_are_enough_for_a_key_and_a_token(provider):
    payout, found = observed_payment(provider.provider)
    for client in (provider.client_with_scopes(*BOTH), token_client(provider, *BOTH)):
        response = get(provider, payout.id, found.pk, client=client)
        assert response.status_code == 200 and len(response.json()["observations"]) == 4


def test_newest_first_with_untimed_observations_last(provider):
    payout, found = observed_payment(provider.provider, timed=3, untimed=2)
    rows = get(provider, payout.id, found.pk).json()["observations"]
    times = [row.get("observedOn") for row in rows]
    assert times[:3] == sorted(times[:3], reverse=True) and times[3:] == [None, None]
    assert rows[0] == {
        "observedOn": rows[0]["observedOn"],
        "deviceType": "mobile",
        "model": "Pixel 0",
        "os": "Android",
        "osVersion": "15",
        "location": {"city": "Lagos", "region": "LA"},
    }
    assert rows[-1] == {"deviceType": "desktop"}  # nothing else recorded: nothing else shown


def test_pagination_crosses_from_timed_to_untimed_observations(provider):
    payout, found = observed_payment(provider.provider, timed=3, untimed=3)
    expected = list(
        DeviceObservation.objects.filter(assessment=found, observed_on__isnull=False)
        .order_by("-observed_on", "-id")
        .values_list("id", flat=True)
    ) + list(
        DeviceObservation.objects.filter(assessment=found, observed_on__isnull=True)
        .order_by("-id")
        .values_list("id", flat=True)
    )
    rendered = {
        pk: json_ready(observation_data(DeviceObservation.objects.get(pk=pk))) for pk in expected
    }
    seen, cursor, pages = [], None, 0
    while True:
        params = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        body = get(provider, payout.id, found.pk, **params).json()
        seen += body["observations"]
        pages += 1
        if not body["hasMore"]:
            assert "nextCursor" not in body
            break
        cursor = body["nextCursor"]
    assert seen == [rendered[pk] for pk in expected] and pages == 3


def test_one_observation_per_page_across_the_boundary(provider):
    payout, found = observed_payment(provider.provider, timed=1, untimed=2)
    first = get(provider, payout.id, found.pk, limit=1).json()
    second = get(provider, payout.id, found.pk, limit=1, cursor=first["nextCursor"]).json()
    third = get(provider, payout.id, found.pk, limit=1, cursor=second["nextCursor"]).json()
    assert "observedOn" in first["observations"][0]
    assert "observedOn" not in second["observations"][0] and second["hasMore"]
    assert "observedOn" not in third["observations"][0] and not third["hasMore"]


def test_an_invalid_or_foreign_cursor_is_400(provider):
    payout, found = observed_payment(provider.provider, timed=3, untimed=0)
    other_payout, other = observed_payment(provider.provider, timed=3, untimed=0)
    cursor = get(provider, other_payout.id, other.pk, limit=1).json()["nextCursor"]
    for bad in ("garbage", cursor):
        response = get(provider, payout.id, found.pk, cursor=bad)
        assert response.status_code == 400
        assert response.json()["type"].endswith("#invalid-cursor")


def test_an_empty_list_is_200(provider):
    alice = enroll(provider.provider)
    payout = make_payment(alice)
    found = assessment(provider_id=provider.id, participant_id=alice.participant_id, payment=payout)
    body = get(provider, payout.id, found.pk).json()
    assert body == {"observations": [], "hasMore": False}


def test_every_not_found_case_is_404(provider, other_provider):
    payout, found = observed_payment(provider.provider)
    other_payout, other_found = observed_payment(provider.provider)
    theirs, their_found = observed_payment(other_provider.provider)
    cases = [
        ("po_01ARZ3NDEKTSV4RRFFQ69G5FAV", found.pk),  # missing payment
        (payout.id, "ra_01ARZ3NDEKTSV4RRFFQ69G5FAV"),  # missing assessment
        (payout.id, other_found.pk),  # an assessment of another payment
        (theirs.id, their_found.pk),  # another provider's payment
        (payout.id, their_found.pk),
    ]
    for payment_id, assessment_id in cases:
        assert_not_found(get(provider, payment_id, assessment_id))
    assert get(provider, other_payout.id, other_found.pk).status_code == 200


def test_the_counterpartys_provider_does_not_see_the_initiators_assessment(
    provider, other_provider
):
    """It sees the payment once its participant is bound, but the risk process belongs to
    the initiating provider (its payout detail lists no assessmentIDs either)."""
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider)
    payout = make_payment(alice, counterparty=bob, status="completed")
    found = assessment(provider_id=provider.id, participant_id=alice.participant_id, payment=payout)
    DeviceObservation.objects.create(assessment=found, observed_on=timezone.now() - timedelta(1))
    assert get(provider, payout.id, found.pk).status_code == 200
    assert_not_found(get(other_provider, payout.id, found.pk))


def test_a_request_id_is_a_payment_id_too(provider):
    alice = enroll(provider.provider)
    request = make_payment(alice, type="request")
    found = assessment(
        provider_id=provider.id, participant_id=alice.participant_id, payment=request
    )
    DeviceObservation.objects.create(
        assessment=found, observed_on=timezone.now(), device_type="desktop", os="macOS"
    )
    response = get(provider, request.id, found.pk)
    assert response.status_code == 200
    assert response.json() == {
        "observations": [
            {
                "observedOn": response.json()["observations"][0]["observedOn"],
                "deviceType": "desktop",
                "os": "macOS",
            }
        ],
        "hasMore": False,
    }
    payout = make_payment(alice)
    assert_not_found(get(provider, payout.id, found.pk))  # not this payout's
