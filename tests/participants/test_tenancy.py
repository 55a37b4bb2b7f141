"""A second provider cannot tell another provider's participant from a missing one."""

import pytest

from participants.models import Enrollment, FundingSource
from tests.participants.factories import create_participant
from tests.problems import NO_PARTICIPANT, assert_not_found, without_occurrence

pytestmark = pytest.mark.django_db

SOURCE = {"displayName": "Visa", "fundingType": "card", "providerSourceID": "c-9"}


@pytest.fixture
def owned(provider):
    return create_participant(provider, externalID="tenant-1", fundingSources=[SOURCE])


def _routes(participant_ref, fs_id):
    base = f"/participants/{participant_ref}"
    body_suspend = {"reasonCode": "legal-hold", "expectedVersionID": "v"}
    return [
        ("get", base, None),
        ("get", f"{base}/funding-sources", None),
        ("delete", f"{base}/funding-sources/{fs_id}", None),
        ("post", f"{base}/suspensions", body_suspend),
        ("post", f"{base}/reactivations", {"note": "n", "expectedVersionID": "v"}),
    ]


@pytest.mark.parametrize("by", ["participantID", "externalID"])
def test_other_provider_gets_the_same_404_as_for_a_missing_participant(
    provider, other_provider, owned, by
):
    fs_id = FundingSource.objects.get().pk
    ref = owned["participantID"] if by == "participantID" else "tenant-1"
    missing_ref = "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user" if by == "participantID" else "nobody"
    for (method, path, body), (_, missing_path, _) in zip(
        _routes(ref, fs_id), _routes(missing_ref, fs_id), strict=True
    ):
        kwargs = {"format": "json", "HTTP_X_IDEMPOTENCY_KEY": f"t-{method}-{path}"}
        foreign = getattr(other_provider.client, method)(other_provider.url(path), body, **kwargs)
        missing = getattr(other_provider.client, method)(
            other_provider.url(missing_path), body, **kwargs
        )
        assert_not_found(foreign, NO_PARTICIPANT)
        assert_not_found(missing, NO_PARTICIPANT)
        assert without_occurrence(foreign.json()) == without_occurrence(missing.json())
    enrollment = Enrollment.objects.get(external_id="tenant-1")
    assert enrollment.suspended is False
    assert FundingSource.objects.get().disabled_on is None


def test_other_provider_never_sees_rows_in_lists(provider, other_provider, owned):
    create_participant(other_provider, externalID="mine")
    body = other_provider.client.get(other_provider.url("/participants?limit=100")).json()
    assert [p["externalID"] for p in body["participants"]] == ["mine"]
