from datetime import timedelta

import pytest

from participants.models import FundingSource
from tests.participants.factories import create_participant
from tests.problems import NO_PARTICIPANT, assert_not_found

pytestmark = pytest.mark.django_db

SOURCES = [
    {"displayName": "Visa", "fundingType": "card", "last4": "4242", "providerSourceID": "c-1"},
    {"displayName": "Checking", "fundingType": "bank_account", "providerSourceID": "b-1"},
]


@pytest.fixture
def participant(provider):
    return create_participant(provider, externalID="fs-owner", fundingSources=SOURCES)


def test_list_returns_active_sources_newest_first(provider, participant):
    response = provider.client.get(provider.url("/participants/fs-owner/funding-sources"))
    assert response.status_code == 200
    body = response.json()
    assert body["hasMore"] is False
    assert "nextCursor" not in body
    rows = body["fundingSources"]
    assert {r["providerSourceID"] for r in rows} == {"c-1", "b-1"}
    card = next(r for r in rows if r["fundingType"] == "card")
    assert card["fundingSourceID"].startswith("fs_")
    assert card["last4"] == "4242"
    assert card["createdOn"] and card["updatedOn"]
    assert "disabledOn" not in card
    bank = next(r for r in rows if r["fundingType"] == "bank_account")
    assert "last4" not in bank


def test_list_order_is_newest_first(provider, participant):
    older = FundingSource.objects.get(provider_source_id="b-1")
    FundingSource.objects.filter(pk=older.pk).update(
        created_on=FundingSource.objects.get(provider_source_id="c-1").created_on
        - timedelta(minutes=1)
    )
    rows = provider.client.get(provider.url("/participants/fs-owner/funding-sources")).json()
    assert [r["providerSourceID"] for r in rows["fundingSources"]] == ["c-1", "b-1"]


def test_delete_is_204_and_keeps_the_record_with_disabled_on(provider, participant):
    source = FundingSource.objects.get(provider_source_id="c-1")
    url = provider.url(f"/participants/{participant['participantID']}/funding-sources/{source.pk}")
    response = provider.client.delete(url)
    assert response.status_code == 204
    assert response.content == b""
    source.refresh_from_db()
    assert source.disabled_on is not None
    listed = provider.client.get(provider.url("/participants/fs-owner/funding-sources")).json()
    assert [r["providerSourceID"] for r in listed["fundingSources"]] == ["b-1"]
    # Deleting again is still 204 and keeps the first disabledOn.
    first_disabled = source.disabled_on
    assert provider.client.delete(url).status_code == 204
    source.refresh_from_db()
    assert source.disabled_on == first_disabled


def test_delete_unknown_source_is_404(provider, participant):
    response = provider.client.delete(
        provider.url("/participants/fs-owner/funding-sources/fs_01ARZ3NDEKTSV4RRFFQ69G5FAV")
    )
    assert_not_found(response, "No funding source matches for this participant.")


def test_delete_for_unknown_participant_is_404(provider, participant):
    source = FundingSource.objects.get(provider_source_id="c-1")
    response = provider.client.delete(
        provider.url(f"/participants/nobody/funding-sources/{source.pk}")
    )
    assert_not_found(response, NO_PARTICIPANT)
    source.refresh_from_db()
    assert source.disabled_on is None


def test_list_for_unknown_participant_is_404(provider):
    response = provider.client.get(provider.url("/participants/nobody/funding-sources"))
    assert_not_found(response, NO_PARTICIPANT)


@pytest.mark.parametrize("limit", ["0", "101", "-1", "ten", ""])
def test_list_limit_out_of_range_is_400(provider, participant, limit):
    response = provider.client.get(
        provider.url(f"/participants/fs-owner/funding-sources?limit={limit}")
    )
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"


def test_list_pages_and_cursor_is_bound_to_the_participant(provider, participant):
    create_participant(provider, externalID="fs-other", fundingSources=SOURCES)
    first = provider.client.get(
        provider.url("/participants/fs-owner/funding-sources?limit=1")
    ).json()
    assert first["hasMore"] is True
    cursor = first["nextCursor"]
    second = provider.client.get(
        provider.url(f"/participants/fs-owner/funding-sources?limit=1&cursor={cursor}")
    ).json()
    assert second["hasMore"] is False and "nextCursor" not in second
    assert (
        second["fundingSources"][0]["fundingSourceID"]
        != first["fundingSources"][0]["fundingSourceID"]
    )
    foreign = provider.client.get(
        provider.url(f"/participants/fs-other/funding-sources?limit=1&cursor={cursor}")
    )
    assert foreign.status_code == 400
    assert foreign.json()["type"].endswith("/errors#invalid-cursor")
