import pytest
from django.utils import timezone

from participants.models import Email, Enrollment, Participant, Phone
from tests.participants.factories import create_participant
from tests.payments.factories import enroll
from tests.problems import NO_PARTICIPANT, assert_not_found

pytestmark = pytest.mark.django_db


def test_get_by_participant_id_and_by_external_id_is_the_same(provider):
    created = create_participant(provider, externalID="cust-9", emails=["a@example.com"])
    by_id = provider.client.get(provider.url(f"/participants/{created['participantID']}"))
    by_external = provider.client.get(provider.url("/participants/cust-9"))
    assert by_id.status_code == by_external.status_code == 200
    assert by_id.json() == by_external.json()


def test_get_renders_every_required_field(provider):
    created = create_participant(provider, externalID="full", emails=["a@example.com"])
    data = provider.client.get(provider.url("/participants/full")).json()
    assert data["participantID"] == created["participantID"]
    assert data["externalID"] == "full"
    assert data["givenName"] == "Ada" and data["familyName"] == "Lovelace"
    assert data["status"] in {"pending", "active"}
    assert data["createdOn"] and data["updatedOn"]
    assert data["limitGroups"] == []
    phone = data["phones"][0]
    assert set(phone) == {"createdOn", "phone"}
    assert phone["phone"] == created["phones"][0]
    assert data["emails"][0]["email"] == "a@example.com"
    assert set(data["emails"][0]) == {"createdOn", "email"}
    for absent in ("middleName", "nickName", "dateOfBirth", "serviceAccountID", "disabledOn"):
        assert absent not in data
    assert None not in data.values()


def test_phone_and_email_timestamps_appear_once_known(provider):
    create_participant(provider, externalID="ts", emails=["b@example.com"])
    enrollment = Enrollment.objects.get(external_id="ts")
    Phone.objects.filter(enrollment=enrollment).update(verified_on="2026-01-02T03:04:05Z")
    Email.objects.filter(enrollment=enrollment).update(disabled_on="2026-02-02T00:00:00Z")
    data = provider.client.get(provider.url("/participants/ts")).json()
    assert data["phones"][0]["verifiedOn"] == "2026-01-02T03:04:05Z"
    assert data["emails"][0]["disabledOn"] == "2026-02-02T00:00:00Z"


def test_unknown_participant_is_404(provider):
    for ref in ("usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user", "unknown-external"):
        assert_not_found(provider.client.get(provider.url(f"/participants/{ref}")), NO_PARTICIPANT)


def test_a_usr_prefixed_external_id_never_resolves_as_external_id(provider):
    # The API refuses such an externalID at create (test_create); one made some other way
    # still never resolves as an externalID.
    enroll(provider.provider, external_id="usr_lookalike")
    response = provider.client.get(provider.url("/participants/usr_lookalike"))
    assert_not_found(response, NO_PARTICIPANT)


def test_list_is_newest_first_with_has_more(provider):
    ids = [create_participant(provider)["participantID"] for _ in range(3)]
    response = provider.client.get(provider.url("/participants"))
    assert response.status_code == 200
    body = response.json()
    assert [p["participantID"] for p in body["participants"]] == ids[::-1]
    assert body["hasMore"] is False
    assert "nextCursor" not in body


def test_empty_list_is_200(provider):
    body = provider.client.get(provider.url("/participants")).json()
    assert body == {"participants": [], "hasMore": False}


def test_list_pages_with_cursor(provider):
    ids = [create_participant(provider)["participantID"] for _ in range(5)]
    first = provider.client.get(provider.url("/participants?limit=2")).json()
    assert first["hasMore"] is True and first["nextCursor"]
    seen = [p["participantID"] for p in first["participants"]]
    cursor = first["nextCursor"]
    while cursor:
        page = provider.client.get(provider.url(f"/participants?limit=2&cursor={cursor}")).json()
        seen += [p["participantID"] for p in page["participants"]]
        cursor = page.get("nextCursor")
    assert seen == ids[::-1]


def test_service_account_id_appears_once_linked(provider):
    created = create_participant(provider, externalID="linked")
    path = provider.url("/participants/linked")
    assert "serviceAccountID" not in provider.client.get(path).json()
    Participant.objects.filter(pk=created["participantID"]).update(service_account_id="sa_42")
    assert provider.client.get(path).json()["serviceAccountID"] == "sa_42"


def test_disabled_on_appears_once_the_participant_is_disabled(provider):
    created = create_participant(provider, externalID="off")
    path = provider.url("/participants/off")
    body = provider.client.get(path).json()
    assert "disabledOn" not in body
    Participant.objects.filter(pk=created["participantID"]).update(
        status="disabled", disabled_on=timezone.now()
    )
    body = provider.client.get(path).json()
    assert body["status"] == "disabled" and body["disabledOn"]


def test_list_items_are_the_participant_read(provider):
    """Every list field is optional by the contract; ours are the full participant read."""
    create_participant(provider, externalID="one", emails=["a@example.com"], middleName="Q")
    create_participant(provider, externalID="two")
    listed = provider.client.get(provider.url("/participants")).json()["participants"]
    for item in listed:
        read = provider.client.get(provider.url(f"/participants/{item['externalID']}")).json()
        assert item == read
