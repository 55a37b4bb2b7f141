"""POST …/participants/{participantID}/funding-sources: a source added to an existing
participant, with the create's shape and rules."""

import pytest

from events.models import Event
from participants.models import FundingSource
from tests.participants.factories import create_participant
from tests.problems import NO_PARTICIPANT, assert_not_found

pytestmark = pytest.mark.django_db

CARD = {"displayName": "Visa", "fundingType": "card", "last4": "4242", "providerSourceID": "c-9"}


@pytest.fixture
def participant(provider):
    return create_participant(provider, externalID="fs-add")


def add(ctx, body, ref="fs-add", key="add-1", client=None):
    return (client or ctx.client).post(
        ctx.url(f"/participants/{ref}/funding-sources"),
        body,
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )


def listed(ctx, ref="fs-add") -> list[dict]:
    return ctx.client.get(ctx.url(f"/participants/{ref}/funding-sources")).json()["fundingSources"]


def test_201_renders_the_source_as_the_list_does(provider, participant):
    response = add(provider, CARD)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["fundingSourceID"].startswith("fs_")
    assert {k: body[k] for k in CARD} == CARD
    assert "disabledOn" not in body
    assert listed(provider) == [body]
    event = Event.objects.get(type="funding_source.added")
    assert event.data["fundingSourceID"] == body["fundingSourceID"]
    assert event.data["participantID"] == participant["participantID"]


def test_the_same_source_converges_on_its_record(provider, participant):
    first = add(provider, CARD).json()
    again = add(provider, {**CARD, "displayName": "Visa Gold"}, key="add-2")
    assert again.status_code == 201
    assert again.json()["fundingSourceID"] == first["fundingSourceID"]
    assert again.json()["displayName"] == "Visa Gold"
    assert FundingSource.objects.count() == 1
    # Relabelling an active source announces nothing new.
    assert Event.objects.filter(type="funding_source.added").count() == 1


def test_a_removed_source_added_again_is_active_with_its_id(provider, participant):
    first = add(provider, CARD).json()
    url = provider.url(f"/participants/fs-add/funding-sources/{first['fundingSourceID']}")
    assert provider.client.delete(url).status_code == 204
    again = add(provider, CARD, key="add-2").json()
    assert again["fundingSourceID"] == first["fundingSourceID"]
    assert "disabledOn" not in again
    assert [row["fundingSourceID"] for row in listed(provider)] == [first["fundingSourceID"]]
    assert Event.objects.filter(type="funding_source.added").count() == 2


def test_replay_returns_the_original_201(provider, participant):
    first = add(provider, CARD, key="same")
    second = add(provider, CARD, key="same")
    assert second.status_code == 201
    assert second.content == first.content
    assert second["Idempotent-Replayed"] == "true"
    assert FundingSource.objects.count() == 1


def test_the_key_with_another_body_is_409(provider, participant):
    add(provider, CARD, key="same")
    response = add(provider, {**CARD, "providerSourceID": "c-10"}, key="same")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#idempotency-key-reused")


def test_without_a_key_is_400(provider, participant):
    response = provider.client.post(
        provider.url("/participants/fs-add/funding-sources"), CARD, format="json"
    )
    assert response.status_code == 400
    assert response.json()["type"].endswith("/errors#invalid-request")
    assert FundingSource.objects.count() == 0


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({**CARD, "displayName": ""}, "/displayName"),
        ({**CARD, "displayName": "x" * 257}, "/displayName"),
        ({**CARD, "fundingType": "cash"}, "/fundingType"),
        ({**CARD, "last4": "12345"}, "/last4"),
        ({k: v for k, v in CARD.items() if k != "providerSourceID"}, "/providerSourceID"),
    ],
)
def test_validation_is_422_invalid_request(provider, participant, body, pointer):
    response = add(provider, body)
    assert response.status_code == 422
    problem = response.json()
    assert problem["type"].endswith("/errors#invalid-request")
    assert pointer in [e["pointer"] for e in problem["errors"]]
    assert FundingSource.objects.count() == 0


def test_unknown_participant_is_404(provider):
    assert_not_found(add(provider, CARD, ref="nobody"), NO_PARTICIPANT)


def test_another_providers_participant_is_404(provider, other_provider, participant):
    response = add(other_provider, CARD, ref=participant["participantID"])
    assert_not_found(response, NO_PARTICIPANT)
    assert FundingSource.objects.count() == 0


def test_needs_the_write_scope(provider, participant):
    reader = provider.client_with_scopes("participants.read")
    response = add(provider, CARD, client=reader)
    assert response.status_code == 403
