import pytest

from participants.models import Enrollment, RelationshipAction
from tests.participants.factories import create_participant
from tests.problems import NO_PARTICIPANT, assert_not_found

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"


@pytest.fixture
def participant(provider):
    return create_participant(provider, externalID="rel-1")


def version(ctx, ref="rel-1"):
    return ctx.client.get(ctx.url(f"/participants/{ref}")).json()["relationship"]["versionID"]


def suspend(ctx, ref="rel-1", key="s-1", **body):
    return ctx.client.post(
        ctx.url(f"/participants/{ref}/suspensions"), body, format="json", HTTP_X_IDEMPOTENCY_KEY=key
    )


def reactivate(ctx, ref="rel-1", key="r-1", **body):
    return ctx.client.post(
        ctx.url(f"/participants/{ref}/reactivations"),
        body,
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=key,
    )


def test_new_participant_read_carries_an_unsuspended_relationship(provider, participant):
    relationship = provider.client.get(provider.url("/participants/rel-1")).json()["relationship"]
    assert relationship["suspended"] is False
    assert relationship["versionID"]
    assert "suspendedOn" not in relationship and "reasonCode" not in relationship


def test_suspend_returns_201_with_relationship_and_new_version(provider, participant):
    before = version(provider)
    response = suspend(
        provider, reasonCode="suspected-fraud", note="chargebacks", expectedVersionID=before
    )
    assert response.status_code == 201
    assert response["X-Idempotency-Key"] == "s-1"
    relationship = response.json()["relationship"]
    assert relationship["participantID"] == participant["participantID"]
    assert relationship["externalID"] == "rel-1"
    assert relationship["suspended"] is True
    assert relationship["versionID"] != before
    assert relationship["reasonCode"] == "suspected-fraud"
    assert relationship["note"] == "chargebacks"
    assert relationship["suspendedOn"]
    assert relationship["actor"] == {
        "kind": "application",
        "applicationKeyID": provider.key_id,
        "callingAccountID": provider.id,
    }
    read = provider.client.get(provider.url("/participants/rel-1")).json()["relationship"]
    assert read["suspended"] is True
    assert read["versionID"] == relationship["versionID"]
    assert read["reasonCode"] == "suspected-fraud"


def test_suspend_by_participant_id_path(provider, participant):
    response = suspend(
        provider,
        ref=participant["participantID"],
        reasonCode="customer-request",
        expectedVersionID=version(provider),
    )
    assert response.status_code == 201
    assert "note" not in response.json()["relationship"]


def test_stale_version_is_409_version_conflict_and_changes_nothing(provider, participant):
    response = suspend(provider, reasonCode="legal-hold", expectedVersionID="stale")
    assert response.status_code == 409
    assert response["Content-Type"] == PROBLEM
    assert response.json()["type"].endswith("/errors#version-conflict")
    assert Enrollment.objects.get(external_id="rel-1").suspended is False
    assert RelationshipAction.objects.count() == 0


def test_suspending_a_suspended_participant_is_409_state_conflict(provider, participant):
    suspend(provider, reasonCode="legal-hold", expectedVersionID=version(provider))
    current = version(provider)
    response = suspend(provider, key="s-2", reasonCode="other", note="x", expectedVersionID=current)
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#state-conflict")
    assert version(provider) == current


def test_replayed_suspension_returns_the_original_201(provider, participant):
    body = {"reasonCode": "legal-hold", "expectedVersionID": version(provider)}
    first = suspend(provider, key="same", **body)
    second = suspend(provider, key="same", **body)
    assert second.status_code == 201
    assert first.content == second.content
    assert RelationshipAction.objects.count() == 1


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"expectedVersionID": "v"}, "/reasonCode"),
        ({"reasonCode": "suspected-fraud"}, "/expectedVersionID"),
        ({"reasonCode": "bogus", "expectedVersionID": "v"}, "/reasonCode"),
        ({"reasonCode": "other", "expectedVersionID": "v"}, "/note"),
        ({"reasonCode": "other", "note": "", "expectedVersionID": "v"}, "/note"),
        ({"reasonCode": "legal-hold", "note": "x" * 513, "expectedVersionID": "v"}, "/note"),
    ],
)
def test_suspension_validation_is_422(provider, participant, body, pointer):
    response = suspend(provider, **body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.json()["errors"]]
    assert Enrollment.objects.get(external_id="rel-1").suspended is False


def test_512_character_note_is_accepted(provider, participant):
    response = suspend(
        provider, reasonCode="other", note="x" * 512, expectedVersionID=version(provider)
    )
    assert response.status_code == 201


def test_suspension_without_idempotency_key_is_400(provider, participant):
    response = provider.client.post(
        provider.url("/participants/rel-1/suspensions"),
        {"reasonCode": "legal-hold", "expectedVersionID": version(provider)},
        format="json",
    )
    assert response.status_code == 400


def test_suspension_of_unknown_participant_is_404(provider):
    response = suspend(provider, ref="nobody", reasonCode="legal-hold", expectedVersionID="v")
    assert_not_found(response, NO_PARTICIPANT)


def test_reactivate_returns_201_without_suspension_details(provider, participant):
    suspend(
        provider, reasonCode="legal-hold", note="court order", expectedVersionID=version(provider)
    )
    suspended_version = version(provider)
    response = reactivate(provider, note="order lifted", expectedVersionID=suspended_version)
    assert response.status_code == 201
    relationship = response.json()["relationship"]
    assert relationship["suspended"] is False
    assert relationship["versionID"] != suspended_version
    assert "suspendedOn" not in relationship
    assert "reasonCode" not in relationship
    assert relationship["note"] == "order lifted"
    assert relationship["actor"]["kind"] == "application"
    actions = list(RelationshipAction.objects.values_list("action", "note", "reason_code"))
    assert actions == [
        ("suspend", "court order", "legal-hold"),
        ("reactivate", "order lifted", ""),
    ]


def test_reactivation_leaves_global_status_alone(provider, participant):
    enrollment = Enrollment.objects.get(external_id="rel-1")
    participant_row = enrollment.participant
    participant_row.status = "disabled"
    participant_row.save()
    suspend(provider, reasonCode="legal-hold", expectedVersionID=version(provider))
    reactivate(provider, note="ok", expectedVersionID=version(provider))
    participant_row.refresh_from_db()
    assert participant_row.status == "disabled"


def test_reactivating_an_unsuspended_participant_is_409_state_conflict(provider, participant):
    response = reactivate(provider, note="why", expectedVersionID=version(provider))
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#state-conflict")


def test_reactivation_with_stale_version_is_409_version_conflict(provider, participant):
    suspend(provider, reasonCode="legal-hold", expectedVersionID=version(provider))
    response = reactivate(provider, note="x", expectedVersionID="stale")
    assert response.status_code == 409
    assert response.json()["type"].endswith("/errors#version-conflict")
    assert Enrollment.objects.get(external_id="rel-1").suspended is True


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"expectedVersionID": "v"}, "/note"),
        ({"note": "x"}, "/expectedVersionID"),
        ({"note": "", "expectedVersionID": "v"}, "/note"),
        ({"note": "x" * 513, "expectedVersionID": "v"}, "/note"),
    ],
)
def test_reactivation_validation_is_422(provider, participant, body, pointer):
    response = reactivate(provider, **body)
    assert response.status_code == 422
    assert pointer in [e["pointer"] for e in response.json()["errors"]]


def test_512_character_reactivation_note_is_accepted(provider, participant):
    suspend(provider, reasonCode="legal-hold", expectedVersionID=version(provider))
    response = reactivate(provider, note="x" * 512, expectedVersionID=version(provider))
    assert response.status_code == 201
    assert response.json()["relationship"]["note"] == "x" * 512


def test_reactivation_of_unknown_participant_is_404(provider):
    response = reactivate(provider, ref="usr_none", note="x", expectedVersionID="v")
    assert_not_found(response, NO_PARTICIPANT)


@pytest.mark.pgbouncer
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_racing_suspensions_on_the_same_version_have_one_winner(provider):
    from rest_framework.test import APIClient

    from tests.concurrency import race

    create_participant(provider, externalID="race-rel")
    current = version(provider, "race-rel")

    def attempt(n):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=provider.client._credentials["HTTP_AUTHORIZATION"])
        return client.post(
            provider.url("/participants/race-rel/suspensions"),
            {"reasonCode": "legal-hold", "expectedVersionID": current},
            format="json",
            HTTP_X_IDEMPOTENCY_KEY=f"race-{n}",
        ).status_code

    statuses = race(attempt)
    assert sorted(statuses) == [201] + [409] * 7
    assert RelationshipAction.objects.filter(enrollment__external_id="race-rel").count() == 1
