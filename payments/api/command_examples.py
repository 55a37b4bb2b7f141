"""OpenAPI examples of the operations that move money: one request body per operation and the
payout or request detail they answer with (shaped as `GET …/payouts/{payoutID}` and
`GET …/requests/{requestID}` render them)."""

from drf_spectacular.utils import OpenApiExample

USD = {"code": "USD", "decimalPlaces": 2, "numericCode": "840", "name": "US Dollar"}
DEVICE = {
    "deviceID": "inst-7f3c2a",
    "ipAddress": "203.0.113.7",
    "userAgent": "ExampleWallet/4.2 (Android 15)",
    "deviceType": "mobile",
    "model": "Pixel 8",
    "os": "Android",
    "osVersion": "15",
}
SENDER = {
    "participantID": "usr_01HZY3S8Q4M6W0R9X2V7T5B1CD_user",
    "externalID": "cust-42",
    "displayName": "Grace Hopper",
    "funding": {"fundingType": "card", "displayName": "Visa debit", "last4": "4242"},
}
RECIPIENT = {
    "participantID": "usr_01HZY3T1K8P2N4F6H0J3L5Q7RS_user",
    "externalID": "cust-77",
    "displayName": "Alan Turing",
    "phoneNumber": "+14155550123",
    "funding": {"fundingType": "bank_account", "displayName": "Checking", "last4": "0042"},
}
_DETAIL = {
    "referenceNumber": "4827193650",
    "amount": {"value": "25.00", "currency": USD},
    "memo": "Dinner",
    "hold": {"active": False},
    "reviewIDs": [],
    "assessmentIDs": ["ras_01HZY3V0A1B2C3D4E5F6G7H8J9"],
    "createdOn": "2026-11-28T09:15:02.114Z",
    "expiresOn": "2026-12-12T09:15:02.114Z",
}
_AUTHORIZE = {
    "operationID": "op_01HZY3V0C5D6E7F8G9H0J1K2L3",
    "type": "authorize",
    "rail": "core_hold",
    "status": "succeeded",
    "occurredOn": "2026-11-28T09:15:02.530Z",
    "externalReference": "hold-88f1c2",
}
PAYOUT = {
    "payoutID": "po_01HZY3V0B4C5D6E7F8G9H0J1K2",
    **_DETAIL,
    "status": "accepted",
    "sender": SENDER,
    "recipient": {"phoneNumber": "+14155550123"},
    "fundedFrom": {"fundingType": "core_ledger"},
    "operations": [_AUTHORIZE],
}
CLAIMED = {
    **PAYOUT,
    "status": "claiming",
    "recipient": RECIPIENT,
    "claimedOn": "2026-11-28T10:02:40.017Z",
    "operations": [
        _AUTHORIZE,
        {**_AUTHORIZE, "operationID": "op_01HZY5A2", "type": "capture", "status": "pending"},
        {
            **_AUTHORIZE,
            "operationID": "op_01HZY5A3",
            "type": "disburse",
            "rail": "core_credit",
            "status": "reserved",
        },
    ],
}
CANCELLED = {**PAYOUT, "status": "cancelled"}
REQUEST = {
    "requestID": "rq_01HZY3W2D3E4F5G6H7J8K9L0M1",
    **_DETAIL,
    "status": "created",
    "requester": SENDER,
    "payer": {"phoneNumber": "+14155550123"},
    "operations": [],
}
PAID = {
    **REQUEST,
    "status": "completed",
    "payer": RECIPIENT,
    "fundedOn": "2026-11-28T10:05:11.204Z",
    "completedOn": "2026-11-28T10:05:11.391Z",
    "operations": [
        {**_AUTHORIZE, "type": "collect", "rail": "aft", "externalReference": "aft-5521"},
        {**_AUTHORIZE, "type": "disburse", "rail": "oct", "externalReference": "oct-9913"},
    ],
}
DECLINED = {**REQUEST, "status": "declined", "payer": RECIPIENT}
CANCELLED_REQUEST = {**REQUEST, "status": "cancelled"}


def request_example(name: str, value: dict) -> OpenApiExample:
    return OpenApiExample(name, value=value, request_only=True)


def response_example(name: str, key: str, value: dict, status: int = 201) -> OpenApiExample:
    return OpenApiExample(name, value={key: value}, response_only=True, status_codes=[str(status)])
