"""Payouts over the API: POST /payouts, …/{payoutID}/claims, …/{payoutID}/cancellations, with
the sandbox ledger over real HTTP (the live test server) holding, capturing and releasing."""

import io
import json

import pytest
from django.core.management import call_command

from api import scopes
from common.rendering import json_ready
from events.models import Event
from ledger.models import LedgerCall
from payments.models import Payment
from risk.models import DeviceObservation
from tests.payments.api_writes import post, problem, suspend
from tests.payments.factories import enroll
from tests.problems import assert_not_found
from tests.schema import assert_matches_response

PAYOUTS = "/providers/{providerID}/payouts"
CLAIMS = "/providers/{providerID}/payouts/{payoutID}/claims"
PHONE = "+14155550123"


@pytest.fixture(autouse=True)
def fast_retries(settings):
    settings.LEDGER_RETRY_BASE_MS = 5
    settings.LEDGER_RETRY_MAX_MS = 20


def payout_body(sender, **extra):
    return {
        "participantID": sender.external_id,
        "recipient": {"phoneNumber": PHONE},
        "amount": {"value": "25.00", "currency": {"code": "USD"}},
        "memo": "Dinner",
        **extra,
    }


def create(ctx, sender, **extra):
    response = post(ctx, "/payouts", payout_body(sender, **extra))
    assert response.status_code == 201, response.content
    return response.json()["payout"]


@pytest.fixture
def sender(provider):
    return enroll(provider.provider, given="Grace", family="Hopper")


@pytest.fixture
def recipient(provider):
    return enroll(provider.provider, given="Alan", family="Turing", phone="4155550123")


def test_create_answers_the_payout_as_its_get_renders_it(sandbox_ledger, provider, sender):
    response = post(provider, "/payouts", payout_body(sender), key="create-1")
    assert response.status_code == 201, response.content
    assert response["X-Idempotency-Key"] == "create-1"
    body = response.json()
    assert_matches_response(body, PAYOUTS, "post", "201")
    payout = body["payout"]
    # As committed: the hold is asked for once the payout is (the ledger answers after).
    assert payout["status"] == "initiated"
    assert payout["amount"]["value"] == "25.00" and payout["memo"] == "Dinner"
    assert payout["sender"]["externalID"] == sender.external_id
    assert payout["recipient"] == {"phoneNumber": PHONE}
    read = provider.client.get(provider.url(f"/payouts/{payout['payoutID']}")).json()
    assert read["payout"]["status"] == "accepted"
    assert {
        k: v for k, v in read["payout"].items() if k not in ("status", "operations", "fundedFrom")
    } == {k: v for k, v in payout.items() if k not in ("status", "operations", "fundedFrom")}
    [hold] = sandbox_ledger.holds(payout["payoutID"])
    assert hold.amount_minor == 2500


def test_create_draws_on_the_funding_source_named_and_records_the_device(sandbox_ledger, provider):
    sender = enroll(provider.provider, sources=("card", "bank"))
    bank = sender.funding_sources.get(funding_type="bank_account")
    device = {"deviceID": "inst-1", "ipAddress": "203.0.113.7", "deviceType": "mobile"}
    payout = create(provider, sender, fundingSourceID=bank.pk, device=device)
    assert payout["sender"]["funding"]["fundingType"] == "bank_account"
    [call] = LedgerCall.objects.filter(payout_id=payout["payoutID"], endpoint="authorize")
    assert call.service["fundingSource"] == bank.provider_source_id
    observation = DeviceObservation.objects.get(assessment_id=payout["assessmentIDs"][0])
    assert (observation.device_id, observation.ip_address) == ("inst-1", "203.0.113.7")


def test_a_replay_answers_the_same_with_the_replay_header(sandbox_ledger, provider, sender):
    first = post(provider, "/payouts", payout_body(sender), key="same-payout")
    again = post(provider, "/payouts", payout_body(sender), key="same-payout")
    assert first.status_code == again.status_code == 201
    assert again.content == first.content
    assert again["Idempotent-Replayed"] == "true" and not first.has_header("Idempotent-Replayed")
    assert Payment.objects.count() == 1
    other = post(provider, "/payouts", payout_body(sender, memo="Lunch"), key="same-payout")
    problem(other, 409, "idempotency-key-reused")


def test_the_key_is_required(provider, sender):
    response = provider.client.post(provider.url("/payouts"), payout_body(sender), format="json")
    problem(response, 400, "invalid-request")
    assert not Payment.objects.exists()


def test_writes_need_the_payments_write_scope(provider, sender):
    client = provider.client_with_scopes(scopes.PAYMENTS_READ)
    problem(post(provider, "/payouts", payout_body(sender), client=client), 403)
    assert not Payment.objects.exists()


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"amount": {"value": "25.001", "currency": {"code": "USD"}}}, "/amount/value"),
        ({"amount": {"value": "-5", "currency": {"code": "USD"}}}, "/amount/value"),
        ({"amount": {"value": "5", "currency": {"code": "XXQ"}}}, "/amount/currency/code"),
        (
            {"amount": {"value": "5", "currency": {"code": "USD", "decimalPlaces": 3}}},
            "/amount/currency/decimalPlaces",
        ),
        ({"recipient": {"phoneNumber": "4155550123"}}, "/recipient/phoneNumber"),
        ({"device": {"deviceType": "toaster"}}, "/device/deviceType"),
        ({"participantID": None}, "/participantID"),
    ],
)
def test_a_body_that_fails_validation_is_422_with_a_pointer(provider, sender, change, pointer):
    body = problem(post(provider, "/payouts", {**payout_body(sender), **change}), 422)
    assert body["type"].endswith("/errors#invalid-request")
    assert pointer in [error["pointer"] for error in body["errors"]], body
    assert not Payment.objects.exists()


def test_a_suspended_sender_cannot_send(provider, sender):
    suspend(sender)
    problem(post(provider, "/payouts", payout_body(sender)), 409, "state-conflict")
    assert not Payment.objects.exists()


def test_a_send_limit_is_422_send_limit_exceeded(provider, sender):
    body = payout_body(sender, amount={"value": "99999999.00", "currency": {"code": "USD"}})
    problem(post(provider, "/payouts", body), 422, "send-limit-exceeded")
    assert not Payment.objects.exists()


def test_an_unknown_funding_source_or_sender_is_404(provider, other_provider, sender):
    assert_not_found(post(provider, "/payouts", payout_body(sender, fundingSourceID="fs_nope")))
    foreign = enroll(other_provider.provider)
    assert_not_found(post(provider, "/payouts", payout_body(foreign)))
    assert not Payment.objects.exists()


def test_claim_binds_the_recipient_and_completes(sandbox_ledger, provider, sender, recipient):
    payout = create(provider, sender)
    response = post(
        provider, f"/payouts/{payout['payoutID']}/claims", {"participantID": recipient.external_id}
    )
    assert response.status_code == 201, response.content
    assert_matches_response(response.json(), CLAIMS, "post", "201")
    claimed = response.json()["payout"]
    assert claimed["recipient"]["participantID"] == recipient.participant_id
    assert claimed["status"] in ("claiming", "completed")
    read = provider.client.get(provider.url(f"/payouts/{payout['payoutID']}")).json()["payout"]
    assert read["status"] == "completed"
    assert [op["type"] for op in read["operations"]] == ["authorize", "capture", "disburse"]


def test_another_providers_recipient_claims_a_payout_addressed_to_its_phone(
    sandbox_ledger, provider, other_provider, sender
):
    payout = create(provider, sender)
    path = f"/payouts/{payout['payoutID']}/claims"
    elsewhere = enroll(other_provider.provider, given="Ann", phone="4155550188")
    not_addressed = post(other_provider, path, {"participantID": elsewhere.external_id})
    missing = post(
        other_provider,
        "/payouts/po_01ARZ3NDEKTSV4RRFFQ69G5FAV/claims",
        {"participantID": elsewhere.external_id},
    )
    assert_not_found(not_addressed)
    assert not_addressed.json()["detail"] == assert_not_found(missing)["detail"]
    holder = enroll(other_provider.provider, given="Ben", phone="4155550123")
    claimed = post(other_provider, path, {"participantID": holder.external_id})
    assert claimed.status_code == 201, claimed.content
    assert claimed.json()["payout"]["recipient"]["externalID"] == holder.external_id


def test_claiming_twice_is_a_state_conflict(sandbox_ledger, provider, sender, recipient):
    payout = create(provider, sender)
    path = f"/payouts/{payout['payoutID']}/claims"
    assert post(provider, path, {"participantID": recipient.external_id}).status_code == 201
    problem(post(provider, path, {"participantID": recipient.external_id}), 409, "state-conflict")


def test_the_sender_cannot_claim(sandbox_ledger, provider, sender):
    payout = create(provider, sender)
    path = f"/payouts/{payout['payoutID']}/claims"
    problem(post(provider, path, {"participantID": sender.external_id}), 422, "invalid-request")


def test_cancel_releases_the_hold_and_only_once(sandbox_ledger, provider, sender):
    payout = create(provider, sender)
    path = f"/payouts/{payout['payoutID']}/cancellations"
    response = post(provider, path, {"reason": "sent twice"})
    assert response.status_code == 201, response.content
    assert response.json()["payout"]["status"] == "cancelled"
    assert LedgerCall.objects.filter(payout_id=payout["payoutID"], endpoint="release").exists()
    problem(post(provider, path), 409, "state-conflict")


def test_another_provider_cannot_cancel_or_see_the_payout(
    sandbox_ledger, provider, other_provider, sender
):
    payout = create(provider, sender)
    foreign = post(other_provider, f"/payouts/{payout['payoutID']}/cancellations")
    missing = post(other_provider, "/payouts/po_01ARZ3NDEKTSV4RRFFQ69G5FAV/cancellations")
    assert assert_not_found(foreign)["detail"] == assert_not_found(missing)["detail"]
    assert Payment.objects.get().status == "accepted"


# ---- the API and the staff command write the same ---------------------------------------

_VOLATILE = {
    "id",
    "reference_number",
    "created_on",
    "updated_on",
    "expires_on",
    "hold_reference",
    "initiator_enrollment_id",
}
_DROP = {
    "referenceNumber",
    "createdOn",
    "expiresOn",
    "updatedOn",
    "occurredOn",
    "assessmentIDs",
    "operationID",
    "idempotencyKey",
    "holdReference",
    "externalReference",
    "requestID",
}


def _written(payout_id: str, sender) -> dict:
    """What creating the payout wrote: its row, the outbox events naming it and the ledger
    calls made for it, with what differs by construction (IDs, times, references, the
    sender's own identifiers) replaced or left out."""
    source = sender.funding_sources.get()
    names = {
        payout_id: "<payout>",
        sender.participant_id: "<sender>",
        sender.external_id: "<external>",
        source.pk: "<source>",
        source.provider_source_id: "<provider-source>",
        source.last4: "<last4>",
    }

    def scrub(value):
        text = json.dumps(json_ready(value), sort_keys=True)
        for real, placeholder in names.items():
            text = text.replace(real, placeholder)
        return _drop(json.loads(text))

    row = Payment.objects.filter(pk=payout_id).values().get()
    fields = scrub({k: v for k, v in row.items() if k not in _VOLATILE})
    fields["assessment_ids"] = len(fields["assessment_ids"])
    events = [
        (event.type, scrub(event.data))
        for event in Event.objects.order_by("created_on", "id")
        if payout_id in json.dumps(event.data)
    ]
    calls = [
        (call.endpoint, call.status, call.outcome, scrub(call.service))
        for call in LedgerCall.objects.filter(payout_id=payout_id).order_by("created_on", "id")
    ]
    return {"payment": fields, "events": events, "ledger": calls}


def _drop(node):
    if isinstance(node, dict):
        return {k: _drop(v) for k, v in node.items() if k not in _DROP}
    if isinstance(node, list):
        return [_drop(v) for v in node]
    return node


def test_the_api_and_the_staff_command_write_the_same(sandbox_ledger, provider):
    # Two senders alike, each paying for the first time, so risk sees the same history.
    first = enroll(provider.provider, given="Grace", family="Hopper")
    second = enroll(provider.provider, given="Grace", family="Hopper")
    over_api = create(provider, first)["payoutID"]
    out = io.StringIO()
    call_command(
        "create_payout",
        "--provider",
        provider.id,
        "--sender",
        second.external_id,
        "--recipient-phone",
        PHONE,
        "--amount",
        "25.00",
        "--memo",
        "Dinner",
        "--json",
        stdout=out,
    )
    by_command = json.loads(out.getvalue())["payoutID"]
    api, command = _written(over_api, first), _written(by_command, second)
    assert api["ledger"] and api["events"]
    for part in ("payment", "events", "ledger"):
        assert api[part] == command[part], part


def test_the_payout_is_looked_up_before_the_body_is_validated(
    sandbox_ledger, provider, other_provider, sender
):
    payout = create(provider, sender)
    bad = {"participantID": ""}
    # Not the caller's, or missing: 404 whatever the body; the caller's own: the body's 422.
    assert_not_found(post(other_provider, f"/payouts/{payout['payoutID']}/claims", bad))
    assert_not_found(post(other_provider, "/payouts/po_01ARZ3NDEKTSV4RRFFQ69G5FAV/claims", bad))
    assert_not_found(
        post(other_provider, f"/payouts/{payout['payoutID']}/cancellations", {"reason": 7})
    )
    problem(post(provider, f"/payouts/{payout['payoutID']}/claims", bad), 422, "invalid-request")
    problem(
        post(provider, f"/payouts/{payout['payoutID']}/cancellations", {"reason": ""}),
        422,
        "invalid-request",
    )
