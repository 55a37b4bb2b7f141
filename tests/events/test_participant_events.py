"""Participant, relationship and funding-source changes emit their events once, rendered as
the provider's own participant read, to that provider only."""

import pytest
from django.db import transaction

from common.actors import Actor
from common.verdicts import RiskVerdict
from events.models import Event
from participants import services as participant_services
from tests.events.support import only, types_of
from tests.participants.factories import create_participant


def _read(ctx, participant_id):
    response = ctx.client.get(ctx.url(f"/participants/{participant_id}"))
    assert response.status_code == 200
    return response.json()


def test_onboarding_emits_participant_activated_with_the_read(
    provider, other_provider, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        created = create_participant(provider)
    event = only(provider.id, "participant.activated")
    read = _read(provider, created["participantID"])
    assert event.data == {**read, "previousStatus": "pending"}
    assert event.data["status"] == "active"
    assert types_of(other_provider.id) == []


def test_a_denied_signup_emits_participant_denied(provider, django_capture_on_commit_callbacks):
    from participants import risk as participant_risk

    deny = participant_risk.assessor.replaced(lambda enrollment: RiskVerdict(decision="deny"))
    with deny, django_capture_on_commit_callbacks(execute=True):
        created = create_participant(provider)
    event = only(provider.id, "participant.denied")
    assert event.data["participantID"] == created["participantID"]
    assert event.data["status"] == "denied" and event.data["previousStatus"] == "pending"
    assert "participant.activated" not in types_of(provider.id)


def test_suspend_and_reactivate_emit_relationship_events(provider, other_provider):
    created = create_participant(provider)
    participant_id = created["participantID"]
    version = _read(provider, participant_id)["relationship"]["versionID"]
    response = provider.client.post(
        provider.url(f"/participants/{participant_id}/suspensions"),
        {"reasonCode": "suspected-fraud", "expectedVersionID": version},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="s-1",
    )
    assert response.status_code == 201
    suspended = only(provider.id, "relationship.suspended")
    assert suspended.data == _read(provider, participant_id)
    assert suspended.data["relationship"]["suspended"] is True
    assert suspended.data["relationship"]["reasonCode"] == "suspected-fraud"

    version = suspended.data["relationship"]["versionID"]
    response = provider.client.post(
        provider.url(f"/participants/{participant_id}/reactivations"),
        {"note": "Verified", "expectedVersionID": version},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="r-1",
    )
    assert response.status_code == 201
    reactivated = only(provider.id, "relationship.reactivated")
    assert reactivated.data["relationship"] == {
        "suspended": False,
        "versionID": _read(provider, participant_id)["relationship"]["versionID"],
    }
    assert types_of(other_provider.id) == []


def test_a_refused_suspension_emits_nothing(provider):
    created = create_participant(provider)
    response = provider.client.post(
        provider.url(f"/participants/{created['participantID']}/suspensions"),
        {"reasonCode": "suspected-fraud", "expectedVersionID": "stale"},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY="s-stale",
    )
    assert response.status_code == 409
    assert not Event.objects.filter(type__startswith="relationship.").exists()


def test_a_rolled_back_change_emits_nothing(provider):
    created = create_participant(provider)
    enrollment_id = participant_services.Enrollment.objects.get(
        participant_id=created["participantID"]
    ).pk
    version = _read(provider, created["participantID"])["relationship"]["versionID"]
    with pytest.raises(RuntimeError), transaction.atomic():
        participant_services.suspend(
            enrollment_id=enrollment_id,
            reason_code="other",
            note="rolled back",
            expected_version_id=version,
            actor=Actor.system(),
        )
        assert Event.objects.filter(type="relationship.suspended").count() == 1
        raise RuntimeError("the caller's transaction fails after the change")
    assert not Event.objects.filter(type="relationship.suspended").exists()


def test_removing_a_funding_source_emits_it_once(provider):
    created = create_participant(
        provider,
        fundingSources=[{"displayName": "Visa", "fundingType": "card", "providerSourceID": "c-9"}],
    )
    participant_id = created["participantID"]
    sources = provider.client.get(provider.url(f"/participants/{participant_id}/funding-sources"))
    [source] = sources.json()["fundingSources"]
    path = provider.url(
        f"/participants/{participant_id}/funding-sources/{source['fundingSourceID']}"
    )
    assert provider.client.delete(path).status_code == 204
    assert provider.client.delete(path).status_code == 204  # idempotent: no second event
    event = only(provider.id, "funding_source.removed")
    assert event.data["participantID"] == participant_id
    assert event.data["externalID"] == created["externalID"]
    assert event.data["fundingSourceID"] == source["fundingSourceID"]
    assert "disabledOn" in event.data
