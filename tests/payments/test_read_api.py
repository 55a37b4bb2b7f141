"""The payment read API at the HTTP level: shapes, omission rules, errors, cursors, versions."""

from datetime import timedelta

import pytest
from django.utils import timezone

from api import scopes
from common.rendering import json_ready
from payments import rendering
from payments.api import serializers as s
from payments.models import FundingAttempt, Operation, PaymentEntry
from tests.payments.factories import enroll, make_payment
from tests.problems import NO_PARTICIPANT, assert_not_found, without_occurrence

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"
NO_PAYOUT = "No payout with that ID exists for this provider."
NO_REQUEST = "No request with that ID exists for this provider."


def _problem(response, status: int, code: str | None):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["type"].endswith(f"#{code}") if code else body["type"] == "about:blank"
    return body


def _no_nulls(value, path="$"):
    """Optional fields are absent, never null, anywhere in a body."""
    if isinstance(value, dict):
        for key, item in value.items():
            assert item is not None, f"{path}.{key} is null"
            _no_nulls(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _no_nulls(item, f"{path}[{index}]")


# ---- details ---------------------------------------------------------------------------


def test_payout_detail_of_a_completed_cross_provider_payout(provider, other_provider):
    alice = enroll(provider.provider, given="Alice", family="Nguyen")
    bob = enroll(other_provider.provider, given="Bob", family="Okafor")
    payout = make_payment(
        alice,
        memo="Dinner",
        status="completed",
        counterparty=bob,
        counterparty_name="Bobby O",
        completed=True,
    )
    payout.claimed_on = payout.created_on + timedelta(minutes=5)
    payout.review_ids, payout.assessment_ids = ["rev_1"], ["asm_1", "asm_2"]
    payout.save()
    Operation.objects.create(
        payment=payout, type="authorize", rail="core_hold", status="succeeded",
        external_reference="hold-1",
    )  # fmt: skip
    Operation.objects.create(payment=payout, type="disburse", rail="oct", status="failed",
                             failure_code="card_declined")  # fmt: skip
    FundingAttempt.objects.create(
        payment=payout, funding_type="core_ledger", status="approved", reference="cap-9"
    )

    body = provider.client.get(provider.url(f"/payouts/{payout.id}")).json()["payout"]
    _no_nulls(body)
    assert body["payoutID"] == payout.id
    assert body["referenceNumber"] == payout.reference_number
    assert body["amount"]["value"] == "12.50" and body["amount"]["currency"]["code"] == "USD"
    assert body["status"] == "completed" and body["memo"] == "Dinner"
    assert body["sender"] == {
        "participantID": alice.participant_id,
        "externalID": alice.external_id,
        "displayName": "Alice Nguyen",
        "funding": {
            "fundingType": "card",
            "displayName": "Visa debit",
            "last4": alice.funding_sources.get().last4,
        },
    }
    # Another provider's participant: no externalID or funding; the name given at claim.
    assert body["recipient"] == {
        "participantID": bob.participant_id,
        "displayName": "Bobby O",
        "phoneNumber": "+14155550199",
    }
    assert body["hold"] == {"active": False}
    assert body["reviewIDs"] == ["rev_1"] and body["assessmentIDs"] == ["asm_1", "asm_2"]
    assert body["fundedFrom"] == {"fundingType": "core_ledger", "reference": "cap-9"}
    assert [op["type"] for op in body["operations"]] == ["authorize", "disburse"]
    assert body["operations"][0]["externalReference"] == "hold-1"
    assert "failureCode" not in body["operations"][0]
    assert body["operations"][1]["failureCode"] == "card_declined"
    assert "externalReference" not in body["operations"][1]
    assert {"createdOn", "expiresOn", "claimedOn", "completedOn"} <= set(body)

    # The recipient's provider: its own participant with current name and externalID; the
    # sender's risk detail is not its business.
    seen = other_provider.client.get(other_provider.url(f"/payouts/{payout.id}")).json()
    recipient = seen["payout"]["recipient"]
    assert recipient["displayName"] == "Bob Okafor"
    assert recipient["externalID"] == bob.external_id and "funding" in recipient
    assert "externalID" not in seen["payout"]["sender"]
    assert seen["payout"]["reviewIDs"] == [] and seen["payout"]["assessmentIDs"] == []


def test_payout_detail_omits_every_unknown_optional_field(provider):
    payout = make_payment(enroll(provider.provider), status="initiated", phone="")
    body = provider.client.get(provider.url(f"/payouts/{payout.id}")).json()["payout"]
    _no_nulls(body)
    for absent in ("memo", "fundedFrom", "claimedOn", "completedOn"):
        assert absent not in body
    assert body["recipient"] == {}  # unbound, unnamed, no phone
    assert body["operations"] == [] and body["reviewIDs"] == [] and body["assessmentIDs"] == []
    assert body["hold"] == {"active": False}


def test_hold_expiry_is_shown_only_while_active_and_known(provider):
    expires = timezone.now() + timedelta(days=2)
    sender = enroll(provider.provider)
    held = make_payment(sender, status="authorized", hold=True, hold_expires_on=expires)
    open_ended = make_payment(sender, status="authorized", hold=True)
    hold = provider.client.get(provider.url(f"/payouts/{held.id}")).json()["payout"]["hold"]
    assert hold["active"] is True and hold["expiresOn"].startswith(expires.date().isoformat())
    hold = provider.client.get(provider.url(f"/payouts/{open_ended.id}")).json()["payout"]["hold"]
    assert hold == {"active": True}


def test_request_detail(provider, other_provider):
    requester = enroll(provider.provider, given="Rita", family="Reyes")
    payer = enroll(other_provider.provider, given="Paul", family="Park")
    request = make_payment(
        requester, type="request", status="completed", counterparty=payer, completed=True
    )
    request.funded_on = request.created_on + timedelta(minutes=1)
    request.save()
    body = provider.client.get(provider.url(f"/requests/{request.id}")).json()["request"]
    _no_nulls(body)
    assert body["requestID"] == request.id and body["status"] == "completed"
    assert body["requester"]["externalID"] == requester.external_id
    assert body["requester"]["funding"]["fundingType"] == "card"  # the destination
    assert body["payer"] == {
        "participantID": payer.participant_id,
        "displayName": "Paul Park",
        "phoneNumber": "+14155550199",
    }
    assert {"fundedOn", "completedOn"} <= set(body)
    assert "fundedFrom" not in body and "claimedOn" not in body


def test_request_detail_carries_memo_hold_and_risk_ids(provider):
    request = make_payment(enroll(provider.provider), type="request", memo="Rent", hold=True)
    request.assessment_ids = ["asm_1", "asm_2"]
    request.save()
    body = provider.client.get(provider.url(f"/requests/{request.id}")).json()["request"]
    assert body["memo"] == "Rent"
    assert body["hold"] == {"active": True}
    assert body["assessmentIDs"] == ["asm_1", "asm_2"] and body["reviewIDs"] == []
    assert body["operations"] == []  # before the first pay attempt


def test_open_request_detail_omits_unknowns(provider):
    request = make_payment(enroll(provider.provider), type="request", status="created")
    body = provider.client.get(provider.url(f"/requests/{request.id}")).json()["request"]
    _no_nulls(body)
    assert "fundedOn" not in body and "completedOn" not in body and "memo" not in body
    assert body["payer"] == {"phoneNumber": "+14155550199"}


def test_a_removed_funding_source_still_resolves_on_its_payouts(provider):
    alice = enroll(provider.provider)
    payout = make_payment(alice, status="completed", completed=True)
    source = alice.funding_sources.get()
    path = f"/participants/{alice.external_id}/funding-sources/{source.pk}"
    assert provider.client.delete(provider.url(path)).status_code == 204
    body = provider.client.get(provider.url(f"/payouts/{payout.id}")).json()["payout"]
    assert body["sender"]["funding"] == {
        "fundingType": "card",
        "displayName": "Visa debit",
        "last4": source.last4,
    }
    (row,) = provider.client.get(provider.url("/payments")).json()["payments"]
    assert row["initiator"]["funding"] == body["sender"]["funding"]


def test_funded_from_is_the_latest_approved_funding_attempt(provider):
    payout = make_payment(enroll(provider.provider), status="completed", completed=True)
    earlier = timezone.now() - timedelta(minutes=5)
    first = FundingAttempt.objects.create(
        payment=payout, funding_type="aft", status="approved", reference="trf-1"
    )
    FundingAttempt.objects.filter(pk=first.pk).update(created_on=earlier)
    FundingAttempt.objects.create(payment=payout, funding_type="core_ledger", status="approved")
    FundingAttempt.objects.create(payment=payout, funding_type="unknown", status="failed")
    body = provider.client.get(provider.url(f"/payouts/{payout.id}")).json()["payout"]
    # The latest approved one; its reference is not written yet, so it is absent.
    assert body["fundedFrom"] == {"fundingType": "core_ledger"}


def test_a_payout_is_not_a_request_and_vice_versa(provider):
    sender = enroll(provider.provider)
    payout = make_payment(sender)
    request = make_payment(sender, type="request")
    assert_not_found(provider.client.get(provider.url(f"/requests/{payout.id}")), NO_REQUEST)
    assert_not_found(provider.client.get(provider.url(f"/payouts/{request.id}")), NO_PAYOUT)


# ---- tenancy ---------------------------------------------------------------------------


def test_recipient_provider_sees_a_payout_only_once_bound(provider, other_provider):
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider)
    payout = make_payment(alice, status="accepted")
    missing = other_provider.client.get(
        other_provider.url("/payouts/po_01ARZ3NDEKTSV4RRFFQ69G5FAV")
    )
    unbound = other_provider.client.get(other_provider.url(f"/payouts/{payout.id}"))
    assert_not_found(unbound, NO_PAYOUT)
    assert without_occurrence(unbound.json()) == without_occurrence(missing.json())
    assert other_provider.client.get(other_provider.url("/payments")).json()["payments"] == []

    # The recipient claims: its provider now sees the payout, in both lists.
    payout.counterparty_provider_id = other_provider.id
    payout.counterparty_enrollment = bob
    payout.counterparty_participant_id = bob.participant_id
    payout.status = "claiming"
    payout.save()
    from payments.entries import rewrite_entries

    rewrite_entries(payout)
    assert other_provider.client.get(other_provider.url(f"/payouts/{payout.id}")).status_code == 200
    listed = other_provider.client.get(other_provider.url("/payments")).json()["payments"]
    assert [row["paymentID"] for row in listed] == [payout.id]
    scoped = other_provider.client.get(
        other_provider.url(f"/participants/{bob.external_id}/payments")
    ).json()["payments"]
    assert [(row["paymentID"], row["direction"]) for row in scoped] == [(payout.id, "received")]


def test_a_third_provider_sees_nothing_of_a_cross_provider_payout(
    provider, other_provider, third_provider
):
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider)
    payout = make_payment(alice, status="completed", counterparty=bob, completed=True)
    client = third_provider.client
    assert_not_found(client.get(third_provider.url(f"/payouts/{payout.id}")), NO_PAYOUT)
    assert client.get(third_provider.url("/payments")).json()["payments"] == []
    for q in (payout.id, alice.participant_id, bob.participant_id, "Ada"):
        body = client.get(third_provider.url("/payments"), {"q": q}).json()
        assert body["payments"] == []
    body = client.get(
        third_provider.url("/payments"),
        {"paymentID": payout.id, "participantID": alice.participant_id},
    ).json()
    assert body["payments"] == []
    # Another provider's participant is not a path participant here.
    response = client.get(third_provider.url(f"/participants/{alice.participant_id}/payments"))
    assert_not_found(response, NO_PARTICIPANT)


def test_a_party_gives_no_access_to_another_providers_participant(provider, other_provider):
    """The recipient's provider sees the sender's participantID on the payout, and that is all:
    every participant route answers it as a missing participant."""
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider)
    payout = make_payment(alice, status="completed", counterparty=bob, completed=True)
    seen = other_provider.client.get(other_provider.url(f"/payouts/{payout.id}")).json()
    sender_id = seen["payout"]["sender"]["participantID"]
    assert sender_id == alice.participant_id
    missing = "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user"
    for suffix in ("", "/payments", "/funding-sources", "/effective-limits"):
        foreign = other_provider.client.get(
            other_provider.url(f"/participants/{sender_id}{suffix}")
        )
        absent = other_provider.client.get(other_provider.url(f"/participants/{missing}{suffix}"))
        assert_not_found(foreign, NO_PARTICIPANT)
        assert_not_found(absent, NO_PARTICIPANT)
        assert without_occurrence(foreign.json()) == without_occurrence(absent.json())


def test_scope_payments_read_is_required(provider):
    payout = make_payment(enroll(provider.provider))
    client = provider.client_with_scopes(scopes.PARTICIPANTS_READ)
    for path in ("/payments", f"/payouts/{payout.id}"):
        _problem(client.get(provider.url(path)), 403, None)
    reader = provider.client_with_scopes(scopes.PAYMENTS_READ)
    assert reader.get(provider.url(f"/payouts/{payout.id}")).status_code == 200


# ---- list rows -------------------------------------------------------------------------


def test_participant_rows_carry_direction_and_the_other_party(provider):
    alice = enroll(provider.provider, given="Alice", family="Nguyen")
    bob = enroll(provider.provider, given="Bob", family="Okafor")
    payout = make_payment(alice, counterparty=bob, status="completed", completed=True)
    request = make_payment(alice, type="request", counterparty=bob, status="funded")

    def rows(who):
        path = provider.url(f"/participants/{who.participant_id}/payments")
        return {row["paymentID"]: row for row in provider.client.get(path).json()["payments"]}

    alice_rows, bob_rows = rows(alice), rows(bob)
    assert alice_rows[payout.id]["direction"] == "sent"
    assert alice_rows[request.id]["direction"] == "received"
    assert bob_rows[payout.id]["direction"] == "received"
    assert bob_rows[request.id]["direction"] == "sent"
    # Sender's view: the counterparty is the recipient.
    assert alice_rows[payout.id]["counterparty"]["participantID"] == bob.participant_id
    # A received payout and a sent request: the counterparty is the initiator (Alice).
    for row in (bob_rows[payout.id], bob_rows[request.id]):
        assert row["counterparty"] == row["initiator"]
        assert row["initiator"]["participantID"] == alice.participant_id
    # The provider-wide row: no direction, counterparty is the payment's counterparty.
    wide = provider.client.get(provider.url("/payments")).json()["payments"]
    assert {row["paymentID"] for row in wide} == {payout.id, request.id}
    for row in wide:
        assert "direction" not in row
        assert row["counterparty"]["participantID"] == bob.participant_id


def test_list_rows_omit_unknowns(provider):
    make_payment(enroll(provider.provider), phone="", memo="")
    (row,) = provider.client.get(provider.url("/payments")).json()["payments"]
    _no_nulls(row)
    assert "memo" not in row and "completedOn" not in row
    assert row["counterparty"] == {}
    assert set(row) == {
        "type", "paymentID", "amount", "status", "referenceNumber", "initiator",
        "counterparty", "hold", "createdOn", "expiresOn",
    }  # fmt: skip


def test_list_rows_show_completed_on_only_once_completed(provider):
    alice = enroll(provider.provider)
    done = make_payment(alice, status="completed", completed=True)
    make_payment(alice, status="accepted")
    for path in ("/payments", f"/participants/{alice.external_id}/payments"):
        rows = provider.client.get(provider.url(path)).json()["payments"]
        by_id = {row["paymentID"]: row for row in rows}
        assert by_id[done.id]["completedOn"]
        assert [row for row in rows if "completedOn" in row] == [by_id[done.id]]


def test_provider_wide_request_rows_carry_the_common_fields(provider, other_provider):
    rita = enroll(provider.provider, given="Rita", family="Reyes")
    paul = enroll(other_provider.provider, given="Paul", family="Park")
    request = make_payment(
        rita, type="request", memo="Rent", counterparty=paul, status="completed", completed=True
    )
    (row,) = provider.client.get(provider.url("/payments")).json()["payments"]
    assert set(row) == {
        "type", "paymentID", "amount", "status", "referenceNumber", "memo", "initiator",
        "counterparty", "hold", "createdOn", "expiresOn", "completedOn",
    }  # fmt: skip
    assert (row["type"], row["paymentID"], row["status"]) == ("request", request.id, "completed")
    assert row["initiator"]["externalID"] == rita.external_id  # the requester
    assert row["counterparty"]["participantID"] == paul.participant_id  # the payer


def test_version_2026_07_gets_the_earlier_participant_item(provider):
    alice = enroll(provider.provider)
    bob = enroll(provider.provider, given="Bob", family="Okafor")
    make_payment(alice, memo="Rent", counterparty=bob, status="completed", completed=True)
    make_payment(alice, type="request", phone="")
    path = provider.url(f"/participants/{alice.external_id}/payments")
    old = provider.client.get(path, HTTP_X_SERVICE_VERSION="v2026.07.00")
    assert old["X-Service-Version"] == "v2026.07.00"
    rows = old.json()["payments"]
    _no_nulls(rows)
    assert set(rows[1]) == {
        "id", "amount", "counterparty", "createdOn", "direction", "memo", "status", "type",
    }  # fmt: skip
    assert rows[1]["counterparty"] == {"displayName": "Bob Okafor", "phoneNumber": "+14155550199"}
    assert rows[0]["counterparty"] == {} and "memo" not in rows[0]
    for row in rows:
        assert not {"paymentID", "initiator", "hold", "referenceNumber"} & set(row)

    new = provider.client.get(path, HTTP_X_SERVICE_VERSION="v2026.10.00").json()["payments"]
    assert all("paymentID" in row and "id" not in row for row in new)
    # The provider-wide list and the details keep the current shape in both versions.
    wide = provider.client.get(provider.url("/payments"), HTTP_X_SERVICE_VERSION="v2026.07.00")
    assert all("paymentID" in row for row in wide.json()["payments"])


def test_rendered_rows_match_their_serializers(provider, other_provider):
    """List rows skip the serializer pass for speed; the serializers must still agree."""
    alice = enroll(provider.provider)
    bob = enroll(other_provider.provider)
    make_payment(alice, memo="x", counterparty=bob, status="completed", completed=True)
    make_payment(alice, type="request", hold=True, hold_expires_on=timezone.now())
    make_payment(alice, phone="", counterparty_name="Sam")
    entries = list(PaymentEntry.objects.filter(provider_id=provider.id))
    for entry in entries:
        entry.payment.typed()
        for scoped, serializers in ((False, s.ROWS), (True, s.PARTICIPANT_ROWS)):
            row = rendering.render_payment_row(entry, provider.id, scoped=scoped)
            expected = serializers[row["type"]](row).data
            assert json_ready(row) == expected
        legacy = rendering.render_legacy_payment_row(entry, provider.id)
        assert json_ready(legacy) == s.LegacyParticipantRowSerializer(legacy).data


# ---- filters: errors -------------------------------------------------------------------

LISTS = ["/payments", "/participants/{p}/payments"]


@pytest.mark.parametrize("path", ["/payments", "/participants/{p}/payments"])
@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ({"status": "settled"}, 400, "invalid-request"),
        ({"status": ["completed", "nope"]}, 400, "invalid-request"),
        ({"status": ""}, 400, "invalid-request"),
        # Query validation the status table does not name under 400 is 422.
        ({"type": "refund"}, 422, "invalid-request"),
        ({"type": ["payout", "refund"]}, 422, "invalid-request"),
        ({"onHold": "yes"}, 422, "invalid-request"),
        ({"onHold": ""}, 422, "invalid-request"),
        ({"createdFrom": "yesterday"}, 422, "invalid-request"),
        ({"createdTo": "2026-13-01T00:00:00Z"}, 422, "invalid-request"),
        ({"createdTo": "0001-01-01T00:00:00+05:00"}, 422, "invalid-request"),
        (
            {"createdFrom": "2026-07-02T00:00:00Z", "createdTo": "2026-07-01T00:00:00Z"},
            400,
            "invalid-request",
        ),
        (
            {"createdFrom": "2026-07-01T00:00:00Z", "createdTo": "2026-07-01T00:00:00Z"},
            400,
            "invalid-request",
        ),
        ({"limit": "0"}, 400, "invalid-request"),
        ({"limit": "101"}, 400, "invalid-request"),
        ({"cursor": "garbage"}, 400, "invalid-cursor"),
        ({"q": "x" * 101}, 422, "invalid-request"),
        ({"q": "  " + "y" * 101 + " "}, 422, "invalid-request"),
        ({"q": "12"}, 422, "invalid-request"),
        ({"q": "(1) -2"}, 422, "invalid-request"),
        ({"q": "+-()"}, 422, "invalid-request"),
    ],
)
def test_bad_filters_are_rejected(provider, path, query, status, code):
    alice = enroll(provider.provider)
    make_payment(alice)
    response = provider.client.get(provider.url(path.format(p=alice.participant_id)), query)
    _problem(response, status, code)


@pytest.mark.parametrize(
    "query",
    [
        {"q": " " + "x" * 100 + " "},  # 100 after trimming
        {"q": "123"},
        {"q": "(415) 555"},
        {"q": "   "},  # blank: no search
        {"createdFrom": "2026-07-01T00:00:00+02:00"},
        {"createdFrom": "2026-07-01T00:00:00"},  # no offset: UTC
        {"createdFrom": "4207-02-07T08:13:23.2-22:51"},  # an offset the database cannot hold
        {"type": "payout", "status": "created"},  # a request status with type payout: none
        {"onHold": "false"},
        {"paymentID": "not-an-id", "referenceNumber": "nope"},
    ],
)
def test_accepted_filters(provider, query):
    make_payment(enroll(provider.provider))
    assert provider.client.get(provider.url("/payments"), query).status_code == 200


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("external_id", ["12345", "(415) 555", "acct_user", "cust-7"])
def test_q_matches_the_exact_external_id_whatever_it_looks_like(provider, path, external_id):
    """Digits-only and `_user`-suffixed externalIDs are common; q still finds them exactly."""
    alice = enroll(provider.provider, external_id=external_id)
    bob = enroll(provider.provider, given="Bob", family="Okafor")
    mine = make_payment(alice, phone="")
    make_payment(bob, phone="")
    url = provider.url(path.format(p=alice.participant_id))
    rows = provider.client.get(url, {"q": f" {external_id} "}).json()["payments"]
    assert [row["paymentID"] for row in rows] == [mine.id]


def test_unencoded_plus_in_an_offset_is_read_as_plus(provider):
    make_payment(enroll(provider.provider))
    path = provider.url("/payments?createdFrom=2000-01-01T00:00:00+00:00")
    assert len(provider.client.get(path).json()["payments"]) == 1


def test_unknown_participant_is_404(provider):
    response = provider.client.get(
        provider.url("/participants/usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user/payments")
    )
    assert_not_found(response, NO_PARTICIPANT)


def test_provider_wide_participant_filter_takes_a_participant_id(provider):
    alice = enroll(provider.provider)
    make_payment(alice)
    by_id = provider.client.get(provider.url("/payments"), {"participantID": alice.participant_id})
    assert len(by_id.json()["payments"]) == 1
    by_external = provider.client.get(
        provider.url("/payments"), {"participantID": alice.external_id}
    )
    assert by_external.status_code == 200 and by_external.json()["payments"] == []


# ---- cursors ---------------------------------------------------------------------------


def _first_cursor(ctx, path, query=None):
    body = ctx.client.get(path, {**(query or {}), "limit": 1}).json()
    assert body["hasMore"] is True
    return body["nextCursor"]


def test_cursor_is_bound_to_the_filters(provider):
    alice = enroll(provider.provider)
    for memo in ("rent", "rent", "dinner"):
        make_payment(alice, memo=memo)
    path = provider.url("/payments")
    cursor = _first_cursor(provider, path, {"q": "rent"})
    ok = provider.client.get(path, {"q": " RENT ", "cursor": cursor, "limit": 1})
    assert ok.status_code == 200  # the same filter, normalised
    for other in ({"q": "dinner"}, {}, {"type": "payout", "q": "rent"}, {"onHold": "false"}):
        response = provider.client.get(path, {**other, "cursor": cursor})
        _problem(response, 400, "invalid-cursor")


def test_cursor_is_bound_to_the_participant_and_the_provider(provider, other_provider):
    alice = enroll(provider.provider)
    bob = enroll(provider.provider)
    for _ in range(2):
        make_payment(alice)
        make_payment(bob)
    alice_path = provider.url(f"/participants/{alice.participant_id}/payments")
    cursor = _first_cursor(provider, alice_path)
    by_external = provider.url(f"/participants/{alice.external_id}/payments")
    assert provider.client.get(by_external, {"cursor": cursor}).status_code == 200
    bob_path = provider.url(f"/participants/{bob.participant_id}/payments")
    _problem(provider.client.get(bob_path, {"cursor": cursor}), 400, "invalid-cursor")
    _problem(
        provider.client.get(provider.url("/payments"), {"cursor": cursor}), 400, "invalid-cursor"
    )
    wide = _first_cursor(provider, provider.url("/payments"))
    response = other_provider.client.get(other_provider.url("/payments"), {"cursor": wide})
    _problem(response, 400, "invalid-cursor")
    filtered = provider.client.get(
        provider.url("/payments"), {"cursor": wide, "participantID": alice.participant_id}
    )
    _problem(filtered, 400, "invalid-cursor")


def test_walk_is_complete_and_stable_across_equal_timestamps(provider):
    alice = enroll(provider.provider)
    at = timezone.now()
    made = {make_payment(alice, created_on=at).id for _ in range(7)}
    made |= {make_payment(alice, created_on=at - timedelta(seconds=1)).id for _ in range(3)}
    seen, cursor = [], None
    while True:
        query = {"limit": 3, **({"cursor": cursor} if cursor else {})}
        body = provider.client.get(provider.url("/payments"), query).json()
        seen += [row["paymentID"] for row in body["payments"]]
        if not body["hasMore"]:
            break
        cursor = body["nextCursor"]
    assert len(seen) == len(set(seen)) == 10 and set(seen) == made
    # Newest first; equal createdOn ordered by paymentID, descending.
    assert seen[:7] == sorted(seen[:7], reverse=True)
    assert seen[7:] == sorted(seen[7:], reverse=True)
