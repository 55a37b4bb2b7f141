import pytest

from participants.models import Enrollment, FundingSource, Participant
from tests.participants.factories import create_participant, participant_payload

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


def post(ctx, body, key="k-1", **headers):
    return ctx.client.post(
        ctx.url("/participants"), body, format="json", HTTP_X_IDEMPOTENCY_KEY=key, **headers
    )


def test_create_returns_201_with_ids_and_echo(provider):
    body = participant_payload(
        externalID="cust-1",
        middleName="B",
        nickName="Ada L",
        dateOfBirth="1990-12-10",
        emails=["ada@example.com"],
        fundingSources=[
            {
                "displayName": "Checking",
                "fundingType": "bank_account",
                "last4": "6789",
                "providerSourceID": "acct-1",
            }
        ],
    )
    response = post(provider, body, key="create-cust-1")
    assert response.status_code == 201
    assert response["X-Idempotency-Key"] == "create-cust-1"
    data = response.json()
    assert data["participantID"].startswith("usr_") and data["participantID"].endswith("_user")
    assert data["externalID"] == "cust-1"
    assert data["middleName"] == "B"
    assert data["nickName"] == "Ada L"
    assert data["dateOfBirth"] == "1990-12-10"
    assert data["address"] == body["address"]
    assert data["phones"] == body["phones"]
    assert data["emails"] == ["ada@example.com"]
    assert "fundingSources" not in data
    assert FundingSource.objects.filter(enrollment__external_id="cust-1").count() == 1


def test_create_omits_unknown_optional_fields(provider):
    data = create_participant(provider)
    for absent in ("middleName", "nickName", "dateOfBirth"):
        assert absent not in data
    assert "addressLine2" not in data["address"]
    assert None not in data.values()


def test_created_participant_is_pending_until_onboarding_task_runs(
    provider, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        data = create_participant(provider)
    participant = Participant.objects.get(pk=data["participantID"])
    assert participant.status == "pending"
    assert len(callbacks) == 1
    callbacks[0]()  # the task, eager in tests
    participant.refresh_from_db()
    assert participant.status == "active"
    read = provider.client.get(provider.url(f"/participants/{data['participantID']}")).json()
    assert read["status"] == "active"


def test_duplicate_external_id_is_409_with_named_problem(provider):
    create_participant(provider, externalID="dup")
    response = post(provider, participant_payload(externalID="dup"), key="other-key")
    assert response.status_code == 409
    assert response["Content-Type"] == PROBLEM
    assert response.json()["type"].endswith("/errors#duplicate-external-id")
    assert Enrollment.objects.filter(external_id="dup").count() == 1


def test_same_external_id_at_two_providers_is_allowed(provider, other_provider):
    create_participant(provider, externalID="shared")
    create_participant(other_provider, externalID="shared")


@pytest.mark.parametrize(
    ("mutate", "pointer"),
    [
        (lambda b: b.pop("externalID"), "/externalID"),
        # Values the path could never resolve as this participant's externalID.
        (lambda b: b.update(externalID="usr_42"), "/externalID"),
        (lambda b: b.update(externalID="acct/42"), "/externalID"),
        (lambda b: b.pop("givenName"), "/givenName"),
        (lambda b: b.pop("familyName"), "/familyName"),
        (lambda b: b.pop("address"), "/address"),
        (lambda b: b.pop("phones"), "/phones"),
        (lambda b: b["address"].pop("addressLine1"), "/address/addressLine1"),
        (lambda b: b["address"].pop("city"), "/address/city"),
        (lambda b: b["address"].pop("stateOrProvince"), "/address/stateOrProvince"),
        (lambda b: b["address"].pop("postalCode"), "/address/postalCode"),
        (lambda b: b["address"].pop("country"), "/address/country"),
        (lambda b: b["address"].update(country="ZZ"), "/address/country"),
        (lambda b: b["address"].update(country="usa"), "/address/country"),
        (lambda b: b.update(phones=[]), "/phones"),
        (
            lambda b: b.update(phones=[{"countryCode": "+1", "number": "4155550100"}]),
            "/phones/0/countryCode",
        ),
        (
            lambda b: b.update(phones=[{"countryCode": "01", "number": "4155550100"}]),
            "/phones/0/countryCode",
        ),
        (
            lambda b: b.update(phones=[{"countryCode": "999", "number": "4155550100"}]),
            "/phones/0/countryCode",
        ),
        (
            lambda b: b.update(phones=[{"countryCode": "1", "number": "415-555-0100"}]),
            "/phones/0/number",
        ),
        (
            lambda b: b.update(phones=[{"countryCode": "1", "number": "٤١٥٥٥٥٠١٠٠"}]),
            "/phones/0/number",
        ),
        (lambda b: b.update(phones=[{"countryCode": "1"}]), "/phones/0/number"),
        (lambda b: b.update(dateOfBirth="1990-13-01"), "/dateOfBirth"),
        (lambda b: b.update(dateOfBirth="2999-01-01"), "/dateOfBirth"),
        (lambda b: b.update(emails=["not-an-email"]), "/emails/0"),
        (lambda b: b.update(givenName="x" * 256), "/givenName"),
        (
            lambda b: b.update(
                fundingSources=[{"displayName": "", "fundingType": "card", "providerSourceID": "a"}]
            ),
            "/fundingSources/0/displayName",
        ),
        (
            lambda b: b.update(
                fundingSources=[
                    {"displayName": "x" * 257, "fundingType": "card", "providerSourceID": "a"}
                ]
            ),
            "/fundingSources/0/displayName",
        ),
        (
            lambda b: b.update(
                fundingSources=[
                    {"displayName": "a", "fundingType": "card", "providerSourceID": "x" * 257}
                ]
            ),
            "/fundingSources/0/providerSourceID",
        ),
        (
            lambda b: b.update(
                fundingSources=[
                    {"displayName": "a", "fundingType": "wallet", "providerSourceID": "a"}
                ]
            ),
            "/fundingSources/0/fundingType",
        ),
        (
            lambda b: b.update(
                fundingSources=[
                    {
                        "displayName": "a",
                        "fundingType": "card",
                        "providerSourceID": "a",
                        "last4": "12345",
                    }
                ]
            ),
            "/fundingSources/0/last4",
        ),
    ],
)
def test_body_validation_is_422_with_pointer_and_changes_nothing(provider, mutate, pointer):
    body = participant_payload()
    mutate(body)
    response = post(provider, body)
    assert response.status_code == 422, response.content
    assert response["Content-Type"] == PROBLEM
    problem = response.json()
    assert problem["type"].endswith("/errors#invalid-request")
    assert problem["status"] == 422
    assert pointer in [error["pointer"] for error in problem["errors"]]
    assert Enrollment.objects.count() == 0


def test_duplicate_funding_source_in_one_request_is_422(provider):
    source = {"displayName": "Visa", "fundingType": "card", "providerSourceID": "card-1"}
    body = participant_payload(fundingSources=[source, dict(source, displayName="Again")])
    response = post(provider, body)
    assert response.status_code == 422
    assert response.json()["errors"][0]["pointer"] == "/fundingSources/1/providerSourceID"
    assert Enrollment.objects.count() == 0


def test_same_provider_source_id_with_other_type_is_allowed(provider):
    sources = [
        {"displayName": "Visa", "fundingType": "card", "providerSourceID": "x-1"},
        {"displayName": "Checking", "fundingType": "bank_account", "providerSourceID": "x-1"},
    ]
    create_participant(provider, fundingSources=sources)
    assert FundingSource.objects.count() == 2


def test_resent_funding_source_converges_to_the_existing_record(provider):
    from participants import services

    source = {"displayName": "Visa", "fundingType": "card", "providerSourceID": "c-1"}
    data = create_participant(provider, fundingSources=[source])
    enrollment = Enrollment.objects.get(participant_id=data["participantID"])
    original = FundingSource.objects.get(enrollment=enrollment)
    again = services.upsert_funding_sources(
        enrollment=enrollment,
        sources=[services.NewFundingSource("card", "c-1", "Visa Gold", "4242")],
    )
    assert [s.pk for s in again] == [original.pk]
    assert FundingSource.objects.get().display_name == "Visa Gold"


def test_a_later_create_resending_a_source_keeps_the_one_record(provider):
    source = {"displayName": "Visa", "fundingType": "card", "providerSourceID": "c-1"}
    body = participant_payload(externalID="again", fundingSources=[source])
    first = post(provider, body, key="first")
    original = FundingSource.objects.get()
    # A replay answers the original 201; a later create is a duplicate and changes nothing.
    assert post(provider, body, key="first").content == first.content
    relabelled = dict(body, fundingSources=[dict(source, displayName="Visa Gold")])
    assert post(provider, relabelled, key="later").status_code == 409
    assert list(FundingSource.objects.values_list("pk", "display_name")) == [(original.pk, "Visa")]


def test_unknown_fields_are_ignored(provider):
    response = post(provider, participant_payload(favouriteColour="blue"))
    assert response.status_code == 201
    assert "favouriteColour" not in response.json()


def test_malformed_json_is_400_problem(provider):
    response = provider.client.post(
        provider.url("/participants"),
        data="{not json",
        content_type="application/json",
        HTTP_X_IDEMPOTENCY_KEY="bad-json",
    )
    assert response.status_code == 400
    assert response["Content-Type"] == PROBLEM
    assert response.json()["type"].endswith("/errors#invalid-request")


def test_wrong_content_type_is_415_problem(provider):
    response = provider.client.post(
        provider.url("/participants"),
        data="externalID=x",
        content_type="application/x-www-form-urlencoded",
        HTTP_X_IDEMPOTENCY_KEY="form",
    )
    assert response.status_code == 415
    assert response["Content-Type"] == PROBLEM


def test_create_answers_the_status_and_relationship_the_read_renders(provider):
    # Beside the contract's fields: enough to suspend without reading the participant first.
    body = participant_payload(externalID="cust-rel")
    created = post(provider, body, key="create-rel").json()
    assert created["status"] == "pending"
    assert created["relationship"]["suspended"] is False
    assert set(created["relationship"]) == {"suspended", "versionID"}
    read = provider.client.get(provider.url(f"/participants/{created['participantID']}")).json()
    assert created["relationship"] == read["relationship"]
    # The contract's own fields are echoed exactly as it writes them.
    assert created["phones"] == body["phones"]
    assert "fundingSources" not in created

    suspended = provider.client.post(
        provider.url(f"/participants/{created['participantID']}/suspensions"),
        {
            "reasonCode": "suspected-fraud",
            "expectedVersionID": created["relationship"]["versionID"],
        },
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="suspend-rel",
    )
    assert suspended.status_code == 201, suspended.json()
    assert suspended.json()["relationship"]["suspended"] is True


def test_a_replayed_create_answers_the_same_status_and_relationship(provider):
    body = participant_payload(externalID="cust-replay-rel")
    first = post(provider, body, key="create-replay-rel")
    again = post(provider, body, key="create-replay-rel")
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
