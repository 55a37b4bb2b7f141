"""An integrator's journey through the typed client (clients/python/, `make client`) against
the service running on the live test server: real HTTP, the generated models parsing every
answer, the sandbox ledger answering over real HTTP too.

The participant part creates, reads, lists and suspends (tasks eager in the server's thread).
The payout part adds a funding source, sends a payout to a phone, sees it authorized, claims it
for the participant enrolled with that phone and reads the payout's payout.status_changed
events; it runs with eager tasks and, on PostgreSQL with Redis, with a worker process."""

import base64

import pytest
from provider_service_client import AuthenticatedClient
from provider_service_client.api.events import list_events
from provider_service_client.api.funding_sources import add_funding_source, list_funding_sources
from provider_service_client.api.participants import (
    create_participant,
    get_participant,
    suspend_participant,
)
from provider_service_client.api.payouts import claim_payout, create_payout, get_payout
from provider_service_client.models import (
    AddressedPartyRequest,
    AmountInRequest,
    CurrencyInRequest,
    Event,
    EventList,
    FundingSource,
    FundingSourceInRequest,
    FundingSourceList,
    FundingTypeEnum,
    ListEventsTypeItem,
    OperationStatusEnum,
    OperationTypeEnum,
    Participant,
    ParticipantCreated,
    ParticipantCreateRequest,
    PayoutClaimRequest,
    PayoutCreateRequest,
    PayoutDetail,
    PayoutEnvelope,
    PayoutStatusEnum,
    RelationshipEnvelope,
    SuspendRequest,
)
from provider_service_client.types import UNSET, Unset

from tests.polling import eventually
from tests.reviews.broker import Worker
from tests.schema import openapi

pytestmark = pytest.mark.django_db(transaction=True)

# Seconds to wait for what runs after a write commits (a worker process starting included).
WAIT = 30.0


def documented_create_body() -> dict:
    """The create's documented request example: what an integrator copies first."""
    operation = openapi()["paths"]["/providers/{providerID}/participants"]["post"]
    [example] = operation["requestBody"]["content"]["application/json"]["examples"].values()
    return example["value"]


@pytest.fixture
def client(live_server, provider) -> AuthenticatedClient:
    credentials = base64.b64encode(f"{provider.key_id}:{provider.secret}".encode()).decode()
    with AuthenticatedClient(
        base_url=live_server.url, token=credentials, prefix="Basic", raise_on_unexpected_status=True
    ) as client:
        yield client


def test_create_read_list_sources_and_events_then_suspend(client, provider):
    sent = documented_create_body()
    answer = create_participant.sync_detailed(
        provider.id,
        client=client,
        body=ParticipantCreateRequest.from_dict(sent),
        x_idempotency_key="journey-create-1",
    )
    assert answer.status_code == 201
    created = answer.parsed
    assert isinstance(created, ParticipantCreated)
    assert created.participant_id.startswith("usr_")
    assert created.external_id == sent["externalID"]

    # Onboarding ran after the create committed: the read finds it active.
    read = get_participant.sync(provider.id, sent["externalID"], client=client)
    assert isinstance(read, Participant)
    assert read.participant_id == created.participant_id
    assert read.status == "active"
    assert [p.phone.number for p in read.phones] == [p["number"] for p in sent["phones"]]

    sources = list_funding_sources.sync(provider.id, created.participant_id, client=client)
    assert isinstance(sources, FundingSourceList)
    assert [(s.provider_source_id, s.last4) for s in sources.funding_sources] == [
        (f["providerSourceID"], f["last4"]) for f in sent["fundingSources"]
    ]
    assert sources.has_more is False

    events = list_events.sync(provider.id, client=client)
    assert isinstance(events, EventList)
    activated = [e for e in events.events if e.type_ == "participant.activated"]
    assert [e.data["participantID"] for e in activated] == [created.participant_id]

    # The create's relationship versionID is what the suspension expects (no read needed).
    suspended = suspend_participant.sync(
        provider.id,
        created.participant_id,
        client=client,
        body=SuspendRequest.from_dict(
            {
                "reasonCode": "customer-request",
                "expectedVersionID": created.relationship.version_id,
            }
        ),
        x_idempotency_key="journey-suspend-1",
    )
    assert isinstance(suspended, RelationshipEnvelope)
    assert suspended.relationship.suspended is True


@pytest.fixture(
    params=["eager", pytest.param("worker", marks=[pytest.mark.postgres, pytest.mark.redis])]
)
def tasks(request) -> str:
    """Where the server's tasks run: in its own thread, or in a worker process consuming a
    broker of the test's own (the onboarding and the ledger's answers then come later)."""
    if request.param == "worker":
        worker = Worker(request.getfixturevalue("own_broker").url)
        request.addfinalizer(worker.stop)
    return request.param


def test_add_a_source_send_a_payout_see_it_authorized_claim_it_and_read_the_events(
    client, provider, sandbox_ledger, settings, tasks
):
    settings.LEDGER_RETRY_BASE_MS, settings.LEDGER_RETRY_MAX_MS = 5, 20
    sender = enrol(client, provider, "journey-sender", "2025550142", with_sources=False)
    recipient = enrol(client, provider, "journey-recipient", "4155550123")

    added = add_funding_source.sync_detailed(
        provider.id,
        sender.participant_id,
        client=client,
        body=FundingSourceInRequest(
            display_name="Everyday card",
            funding_type=FundingTypeEnum.CARD,
            provider_source_id="card-7",
            last4="0007",
        ),
        x_idempotency_key="journey-source-1",
    )
    assert added.status_code == 201, added.content
    source = added.parsed
    assert isinstance(source, FundingSource)
    assert source.funding_source_id.startswith("fs_")

    sent = create_payout.sync_detailed(
        provider.id,
        client=client,
        body=PayoutCreateRequest(
            participant_id=sender.external_id,
            recipient=AddressedPartyRequest(phone_number="+14155550123"),
            amount=AmountInRequest(value="25.00", currency=CurrencyInRequest(code="USD")),
            memo="Dinner",
            funding_source_id=source.funding_source_id,
        ),
        x_idempotency_key="journey-payout-1",
    )
    assert sent.status_code == 201, sent.content
    assert sent.headers["X-Idempotency-Key"] == "journey-payout-1"
    assert isinstance(sent.parsed, PayoutEnvelope)
    payout = sent.parsed.payout
    # The answer is the payout as committed; the ledger's hold is asked for after that (a
    # worker may have had its answer applied by the time the payout is read back).
    expected = {"eager": {PayoutStatusEnum.INITIATED}}.get(
        tasks, {PayoutStatusEnum.INITIATED, PayoutStatusEnum.ACCEPTED}
    )
    assert payout.status in expected
    assert payout.sender.participant_id == sender.participant_id
    assert payout.sender.funding.last4 == "0007"
    assert payout.recipient.phone_number == "+14155550123"
    assert isinstance(payout.recipient.participant_id, Unset)
    assert (payout.amount.value, payout.amount.currency.code) == ("25.00", "USD")

    authorized = payout_reaching(client, provider, payout.payout_id, PayoutStatusEnum.ACCEPTED)
    assert authorized.hold.active is False
    assert [(op.type_, op.status) for op in authorized.operations] == [
        (OperationTypeEnum.AUTHORIZE, OperationStatusEnum.SUCCEEDED)
    ]

    claim = claim_payout.sync_detailed(
        provider.id,
        payout.payout_id,
        client=client,
        body=PayoutClaimRequest(participant_id=recipient.external_id),
        x_idempotency_key="journey-claim-1",
    )
    assert claim.status_code == 201, claim.content
    assert isinstance(claim.parsed, PayoutEnvelope)
    assert claim.parsed.payout.recipient.participant_id == recipient.participant_id
    assert claim.parsed.payout.status in (PayoutStatusEnum.CLAIMING, PayoutStatusEnum.COMPLETED)

    completed = payout_reaching(client, provider, payout.payout_id, PayoutStatusEnum.COMPLETED)
    assert completed.recipient.participant_id == recipient.participant_id
    assert not isinstance(completed.claimed_on, Unset)
    assert not isinstance(completed.completed_on, Unset)
    assert [op.type_ for op in completed.operations] == [
        OperationTypeEnum.AUTHORIZE,
        OperationTypeEnum.CAPTURE,
        OperationTypeEnum.DISBURSE,
    ]

    moves = status_changes(client, provider, payout.payout_id)
    assert [(e.data["previousStatus"], e.data["status"]) for e in moves] == [
        ("initiated", "authorized"),
        ("authorized", "accepted"),
        ("accepted", "claiming"),
        ("claiming", "completed"),
    ]
    last = moves[-1].data
    assert last["sender"]["participantID"] == sender.participant_id
    assert last["recipient"]["participantID"] == recipient.participant_id


def enrol(client, provider, external_id, number, with_sources=True) -> ParticipantCreated:
    """A participant from the documented create body, under its own externalID and phone."""
    body = {**documented_create_body(), "externalID": external_id}
    body["phones"] = [{"countryCode": "1", "number": number}]
    if not with_sources:
        del body["fundingSources"]
    answer = create_participant.sync_detailed(
        provider.id,
        client=client,
        body=ParticipantCreateRequest.from_dict(body),
        x_idempotency_key=f"create-{external_id}",
    )
    assert answer.status_code == 201, answer.content
    created = answer.parsed
    assert isinstance(created, ParticipantCreated)
    # Onboarding runs once the create commits: a payout needs the participant active.
    statuses = []

    def active() -> bool:
        read = get_participant.sync(provider.id, created.participant_id, client=client)
        assert isinstance(read, Participant)
        statuses.append(read.status)
        return read.status == "active"

    assert eventually(active, WAIT), f"{external_id} still {statuses[-1]} after {WAIT}s"
    return created


def payout_reaching(client, provider, payout_id, status, timeout=WAIT) -> PayoutDetail:
    """The payout once GET answers `status`: the ledger answers after the write committed."""
    seen = []

    def read() -> bool:
        envelope = get_payout.sync(provider.id, payout_id, client=client)
        assert isinstance(envelope, PayoutEnvelope)
        seen.append(envelope.payout)
        return envelope.payout.status == status

    assert eventually(read, timeout), (
        f"payout {payout_id} still {seen[-1].status} after {timeout}s, waiting for {status}; "
        f"operations: {[(op.type_, op.status) for op in seen[-1].operations]}"
    )
    return seen[-1]


def status_changes(client, provider, payout_id) -> list[Event]:
    """The payout's payout.status_changed events, every page, oldest first."""
    events, cursor = [], UNSET
    for _ in range(20):
        page = list_events.sync(
            provider.id,
            client=client,
            type_=[ListEventsTypeItem.PAYOUT_STATUS_CHANGED],
            cursor=cursor,
            limit=100,
        )
        assert isinstance(page, EventList)
        events += [e for e in page.events if e.data["paymentID"] == payout_id]
        if not page.has_more:
            return events
        cursor = page.next_cursor
    raise AssertionError("the event list did not end within 20 pages")
