"""PATCH …/participants/{participantID}: a provider corrects its participant's names, address,
phones and emails under the details' versionID."""

import pytest

from events.models import Event
from participants.models import Email, Enrollment, Phone
from tests.participants.factories import create_participant
from tests.problems import NO_PARTICIPANT, assert_not_found

pytestmark = pytest.mark.django_db

ADDRESS = {
    "addressLine1": "2 Side St",
    "city": "Chicago",
    "stateOrProvince": "IL",
    "postalCode": "60601",
    "country": "US",
}


@pytest.fixture
def participant(provider):
    return create_participant(
        provider,
        externalID="fix-1",
        middleName="B",
        emails=["ada@example.com"],
        phones=[{"countryCode": "1", "number": "4155550101"}],
    )


def read(ctx, ref="fix-1") -> dict:
    return ctx.client.get(ctx.url(f"/participants/{ref}")).json()


def patch(ctx, body, ref="fix-1", key="fix", client=None):
    return (client or ctx.client).patch(
        ctx.url(f"/participants/{ref}"), body, format="json", HTTP_X_IDEMPOTENCY_KEY=key
    )


def test_names_and_address_change_and_the_answer_is_the_read(provider, participant):
    before = read(provider)
    response = patch(
        provider,
        {
            "expectedVersionID": before["versionID"],
            "familyName": "King",
            "middleName": "",
            "address": ADDRESS,
        },
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body == read(provider)
    assert body["familyName"] == "King"
    assert "middleName" not in body
    assert body["address"] == ADDRESS
    assert body["givenName"] == before["givenName"]
    assert body["versionID"] != before["versionID"]
    # The relationship's version is its own: a correction does not make it stale.
    assert body["relationship"]["versionID"] == before["relationship"]["versionID"]
    event = Event.objects.get(type="participant.updated")
    assert event.data["changedFields"] == ["address", "familyName", "middleName"]
    assert event.data["familyName"] == "King"


def test_phones_and_emails_are_the_complete_active_lists(provider, participant):
    version = read(provider)["versionID"]
    response = patch(
        provider,
        {
            "expectedVersionID": version,
            "phones": [
                {"countryCode": "1", "number": "4155550101"},
                {"countryCode": "1", "number": "4155550102"},
            ],
            "emails": ["lovelace@example.com"],
        },
    )
    assert response.status_code == 200, response.content
    body = response.json()
    kept, added = body["phones"]
    assert kept["phone"]["number"] == "4155550101" and "disabledOn" not in kept
    assert added["phone"]["number"] == "4155550102"
    old, new = body["emails"]
    assert old["email"] == "ada@example.com" and "disabledOn" in old
    assert new["email"] == "lovelace@example.com" and "disabledOn" not in new
    assert Phone.objects.get(number="4155550102").e164 == "+14155550102"
    assert Email.objects.count() == 2
    event = Event.objects.get(type="participant.updated")
    assert event.data["changedFields"] == ["phones", "emails"]


def test_a_body_that_changes_nothing_keeps_the_version(provider, participant):
    before = read(provider)
    response = patch(
        provider, {"expectedVersionID": before["versionID"], "givenName": before["givenName"]}
    )
    assert response.status_code == 200
    assert response.json()["versionID"] == before["versionID"]
    assert not Event.objects.filter(type="participant.updated").exists()


def test_stale_version_is_409_version_conflict_and_changes_nothing(provider, participant):
    response = patch(provider, {"expectedVersionID": "stale", "familyName": "King"})
    assert response.status_code == 409
    assert response["Content-Type"] == "application/problem+json"
    assert response.json()["type"].endswith("/errors#version-conflict")
    assert Enrollment.objects.get(external_id="fix-1").family_name == "Lovelace"


def test_the_second_of_two_corrections_from_one_read_is_409(provider, participant):
    version = read(provider)["versionID"]
    assert patch(provider, {"expectedVersionID": version, "givenName": "A"}).status_code == 200
    second = patch(provider, {"expectedVersionID": version, "givenName": "B"}, key="fix-2")
    assert second.status_code == 409
    assert read(provider)["givenName"] == "A"


def test_a_suspension_does_not_make_the_details_version_stale(provider, participant):
    before = read(provider)
    suspended = provider.client.post(
        provider.url("/participants/fix-1/suspensions"),
        {"reasonCode": "legal-hold", "expectedVersionID": before["relationship"]["versionID"]},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="s-1",
    )
    assert suspended.status_code == 201
    response = patch(provider, {"expectedVersionID": before["versionID"], "nickName": "Ada"})
    assert response.status_code == 200
    assert response.json()["relationship"]["suspended"] is True


def test_replay_returns_the_original_200(provider, participant):
    body = {"expectedVersionID": read(provider)["versionID"], "familyName": "King"}
    first = patch(provider, body, key="same")
    second = patch(provider, body, key="same")
    assert second.status_code == 200
    assert second.content == first.content
    assert second["Idempotent-Replayed"] == "true"
    assert Event.objects.filter(type="participant.updated").count() == 1


def test_without_a_key_is_400(provider, participant):
    response = provider.client.patch(
        provider.url("/participants/fix-1"),
        {"expectedVersionID": read(provider)["versionID"], "familyName": "King"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["type"].endswith("/errors#invalid-request")


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"familyName": "King"}, "/expectedVersionID"),
        ({"expectedVersionID": "v", "givenName": ""}, "/givenName"),
        ({"expectedVersionID": "v", "address": {"city": "Chicago"}}, "/address/addressLine1"),
        ({"expectedVersionID": "v", "address": {**ADDRESS, "country": "XX"}}, "/address/country"),
        ({"expectedVersionID": "v", "phones": []}, "/phones"),
        (
            {"expectedVersionID": "v", "phones": [{"countryCode": "1", "number": "12"}]},
            "/phones/0/number",
        ),
        ({"expectedVersionID": "v", "emails": ["not-an-email"]}, "/emails/0"),
        ({"expectedVersionID": "v", "emails": ["a@example.com", "a@example.com"]}, "/emails/1"),
    ],
)
def test_validation_is_422_invalid_request(provider, participant, body, pointer):
    response = patch(provider, body)
    assert response.status_code == 422, response.content
    problem = response.json()
    assert problem["type"].endswith("/errors#invalid-request")
    assert pointer in [e["pointer"] for e in problem["errors"]]


def test_unknown_participant_is_404(provider):
    response = patch(provider, {"expectedVersionID": "v", "familyName": "King"}, ref="nobody")
    assert_not_found(response, NO_PARTICIPANT)


def test_another_providers_participant_is_404(provider, other_provider, participant):
    version = read(provider)["versionID"]
    body = {"expectedVersionID": version, "familyName": "King"}
    response = patch(other_provider, body, ref=participant["participantID"])
    assert_not_found(response, NO_PARTICIPANT)
    assert Enrollment.objects.get(external_id="fix-1").family_name == "Lovelace"


def test_needs_the_write_scope(provider, participant):
    reader = provider.client_with_scopes("participants.read")
    body = {"expectedVersionID": read(provider)["versionID"], "familyName": "King"}
    assert patch(provider, body, client=reader).status_code == 403
