"""Requests over the API: POST /requests, …/{requestID}/payments, …/declines, …/cancellations."""

import pytest

from api import scopes
from payments.models import Payment, PaymentRequest
from risk.models import DeviceObservation, RiskAssessment
from tests.payments.api_writes import post, problem, suspend
from tests.payments.factories import enroll
from tests.problems import assert_not_found
from tests.schema import assert_matches_response

REQUESTS = "/providers/{providerID}/requests"
PAYMENTS = "/providers/{providerID}/requests/{requestID}/payments"
PHONE = "+14155550123"
MISSING = "rq_01ARZ3NDEKTSV4RRFFQ69G5FAV"


def request_body(requester, **extra):
    return {
        "participantID": requester.external_id,
        "payer": {"phoneNumber": PHONE},
        "amount": {"value": "12.50", "currency": {"code": "USD"}},
        "memo": "Concert tickets",
        **extra,
    }


def create(ctx, requester, **extra):
    response = post(ctx, "/requests", request_body(requester, **extra))
    assert response.status_code == 201, response.content
    return response.json()["request"]


@pytest.fixture
def requester(provider):
    return enroll(provider.provider, given="Grace", family="Hopper")


@pytest.fixture
def payer(provider):
    return enroll(provider.provider, given="Alan", family="Turing", phone="4155550123")


def test_create_answers_the_request_as_its_get_renders_it(provider, requester):
    device = {"deviceID": "inst-9", "userAgent": "Wallet/1.0"}
    response = post(provider, "/requests", request_body(requester, device=device))
    assert response.status_code == 201, response.content
    body = response.json()
    assert_matches_response(body, REQUESTS, "post", "201")
    assert body["request"]["status"] == "created"
    assert body["request"]["payer"] == {"phoneNumber": PHONE}
    read = provider.client.get(provider.url(f"/requests/{body['request']['requestID']}"))
    assert read.json() == body
    observation = DeviceObservation.objects.get(assessment_id=body["request"]["assessmentIDs"][0])
    assert observation.device_id == "inst-9"


def test_a_replay_answers_the_same_with_the_replay_header(provider, requester):
    first = post(provider, "/requests", request_body(requester), key="same-request")
    again = post(provider, "/requests", request_body(requester), key="same-request")
    assert first.status_code == again.status_code == 201
    assert again.content == first.content and again["Idempotent-Replayed"] == "true"
    assert Payment.objects.count() == 1


def test_writes_need_the_payments_write_scope(provider, requester):
    client = provider.client_with_scopes(scopes.PAYMENTS_READ)
    problem(post(provider, "/requests", request_body(requester), client=client), 403)


def test_create_problems(provider, other_provider, requester):
    bad = request_body(requester, amount={"value": "1.234", "currency": {"code": "USD"}})
    body = problem(post(provider, "/requests", bad), 422, "invalid-request")
    assert [e["pointer"] for e in body["errors"]] == ["/amount/value"]
    assert_not_found(post(provider, "/requests", request_body(enroll(other_provider.provider))))
    no_source = enroll(provider.provider, sources=())
    problem(post(provider, "/requests", request_body(no_source)), 422, "invalid-request")
    suspend(requester)
    problem(post(provider, "/requests", request_body(requester)), 409, "state-conflict")
    assert not Payment.objects.exists()


def test_pay_collects_from_the_source_named_and_records_the_device(provider, requester):
    payer = enroll(provider.provider, phone="4155550123", sources=("card", "bank"))
    bank = payer.funding_sources.get(funding_type="bank_account")
    made = create(provider, requester)
    response = post(
        provider,
        f"/requests/{made['requestID']}/payments",
        {"participantID": payer.external_id, "fundingSourceID": bank.pk, "device": {"os": "iOS"}},
    )
    assert response.status_code == 201, response.content
    assert_matches_response(response.json(), PAYMENTS, "post", "201")
    paid = response.json()["request"]
    assert paid["status"] == "completed"
    assert paid["payer"]["funding"]["fundingType"] == "bank_account"
    assert [op["type"] for op in paid["operations"]] == ["collect", "disburse"]
    [assessment] = RiskAssessment.objects.filter(
        participant_id=payer.participant_id, payment_id=made["requestID"]
    )
    assert DeviceObservation.objects.get(assessment=assessment).os == "iOS"
    assert made["assessmentIDs"] == paid["assessmentIDs"]  # the requester's, not the payer's


def test_pay_problems(provider, other_provider, requester, payer):
    made = create(provider, requester)
    path = f"/requests/{made['requestID']}/payments"
    assert_not_found(
        post(provider, path, {"participantID": payer.external_id, "fundingSourceID": "fs_x"})
    )
    problem(post(provider, path, {"participantID": requester.external_id}), 422, "invalid-request")
    suspend(payer)
    problem(post(provider, path, {"participantID": payer.external_id}), 409, "state-conflict")
    assert PaymentRequest.objects.get().status == "created"


def test_another_providers_payer_pays_a_request_addressed_to_its_phone(
    provider, other_provider, requester
):
    made = create(provider, requester)
    path = f"/requests/{made['requestID']}/payments"
    stranger = enroll(other_provider.provider, phone="4155550177")
    foreign = post(other_provider, path, {"participantID": stranger.external_id})
    missing = post(
        other_provider, f"/requests/{MISSING}/payments", {"participantID": stranger.external_id}
    )
    assert assert_not_found(foreign)["detail"] == assert_not_found(missing)["detail"]
    holder = enroll(other_provider.provider, phone="4155550123")
    paid = post(other_provider, path, {"participantID": holder.external_id})
    assert paid.status_code == 201, paid.content
    assert paid.json()["request"]["payer"]["externalID"] == holder.external_id


def test_decline_binds_the_payer_and_then_nothing_more_can_happen(provider, requester, payer):
    made = create(provider, requester)
    path = f"/requests/{made['requestID']}/declines"
    response = post(provider, path, {"participantID": payer.external_id})
    assert response.status_code == 201, response.content
    declined = response.json()["request"]
    assert declined["status"] == "declined"
    assert declined["payer"]["participantID"] == payer.participant_id
    problem(post(provider, path, {"participantID": payer.external_id}), 409, "state-conflict")
    problem(post(provider, f"/requests/{made['requestID']}/cancellations"), 409, "state-conflict")


def test_another_providers_payer_declines_and_then_sees_the_request(
    provider, other_provider, requester
):
    made = create(provider, requester)
    holder = enroll(other_provider.provider, phone="4155550123")
    response = post(
        other_provider,
        f"/requests/{made['requestID']}/declines",
        {"participantID": holder.external_id},
    )
    assert response.status_code == 201, response.content
    read = other_provider.client.get(other_provider.url(f"/requests/{made['requestID']}"))
    assert read.json() == response.json()


def test_cancel_is_the_requesters_and_only_while_nobody_pays(
    provider, other_provider, requester, payer
):
    made = create(provider, requester)
    path = f"/requests/{made['requestID']}/cancellations"
    foreign = post(other_provider, path)
    missing = post(other_provider, f"/requests/{MISSING}/cancellations")
    assert assert_not_found(foreign)["detail"] == assert_not_found(missing)["detail"]
    response = post(provider, path)
    assert response.status_code == 201, response.content
    assert response.json()["request"]["status"] == "cancelled"
    problem(post(provider, path), 409, "state-conflict")
    paying = post(
        provider, f"/requests/{made['requestID']}/payments", {"participantID": payer.external_id}
    )
    problem(paying, 409, "state-conflict")
