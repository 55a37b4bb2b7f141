"""The documentation of the payment lists, payouts and requests operations: each one's summary,
description, tag and examples (api/examples.py)."""

from drf_spectacular.utils import extend_schema_view

from api.examples import operation, usd

PAYMENTS = extend_schema_view(
    list=operation(
        "Payments",
        "List payments",
        (
            "Payouts and requests the provider owns across all its participants, "
            "newest first by (createdOn, paymentID). Filter with q (memo and party "
            "names; an exact participantID or externalID; a phone's digits), type, "
            "status, onHold, createdFrom/createdTo, paymentID, referenceNumber and "
            "participantID; every filter applies before pagination."
        ),
        response={
            "payments": [
                {
                    "type": "payout",
                    "paymentID": "po_01M8GAWD4FNYZKY0MB5WY6E9SX",
                    "amount": usd("850.00"),
                    "status": "cancelled",
                    "referenceNumber": "03EJ9ABCYN",
                    "initiator": {
                        "participantID": "usr_01M8GAWCRKED6DNS6KAHR9WJSC_user",
                        "externalID": "demo-priya",
                        "displayName": "Priya Shah",
                        "funding": {
                            "fundingType": "bank_account",
                            "displayName": "Priya's checking",
                            "last4": "0118",
                        },
                    },
                    "counterparty": {"phoneNumber": "+14155550188"},
                    "hold": {"active": False},
                    "createdOn": "2026-11-28T05:43:37.351425Z",
                    "expiresOn": "2026-12-12T05:43:37.351425Z",
                    "memo": "Crypto exchange top-up",
                }
            ],
            "hasMore": True,
            "nextCursor": (
                ".eJxFzc0KgkAYheF7mW2Z3_w4M7ozE8NISkPTjUxq4KKw0YKI7r1pES0PPC_nhQbkoUE_asB"
                "bGfmFYFkU7iBP1rDPAplUYYDmaPwipae:1xXBDz:x4dATP1rdEwZQvB_jf5lLuo1g4E88lrR"
                "NwRollymBeQ"
            ),
        },
    ),
)

PARTICIPANT_PAYMENTS = extend_schema_view(
    list=operation(
        "Payments",
        "List a participant's payments",
        (
            "The payments of one participant the provider owns, each row with its "
            "`direction` (sent or received) relative to the participant. The same "
            "filters as the provider-wide list, but participantID."
        ),
        response={
            "payments": [
                {
                    "type": "request",
                    "paymentID": "rq_01M8GAWBAFYWZ1618ZFZD021M0",
                    "amount": usd("27.50"),
                    "status": "completed",
                    "referenceNumber": "A2HFE87VKV",
                    "initiator": {
                        "participantID": "usr_01M8GAW74WNX6DRJMY3Z1W9RXR_user",
                        "externalID": "demo-alice",
                        "displayName": "Alice Nguyen",
                        "funding": {
                            "fundingType": "card",
                            "displayName": "Visa debit",
                            "last4": "4005",
                        },
                    },
                    "counterparty": {
                        "participantID": "usr_01M8GAW8MJ5YF9Q6F0DTN98JE5_user",
                        "displayName": "Kemi Adeyemi",
                        "phoneNumber": "+12065550112",
                    },
                    "hold": {"active": False},
                    "createdOn": "2026-11-28T05:43:35.503205Z",
                    "expiresOn": "2026-12-12T05:43:35.503205Z",
                    "memo": "Wedding gift pool",
                    "completedOn": "2026-11-28T05:43:35.560436Z",
                    "direction": "received",
                }
            ],
            "hasMore": True,
            "nextCursor": (
                ".eJxFzc0KgkAYheF7mW2Z3_w4M7ozE8NISkPTjUxq4KKw0YKI7r1pES0PPC_nhQbkoUE_asB"
                "bGfmFYFkU7iBP1rDPAplUYYDmaPwipae:1xXBDz:x4dATP1rdEwZQvB_jf5lLuo1g4E88lrR"
                "NwRollymBeQ"
            ),
        },
    ),
)

PAYOUT = extend_schema_view(
    retrieve=operation(
        "Payouts",
        "Get a payout",
        (
            "A payout the provider owns (`po_…`): its sender and recipient, hold, "
            "reviews, assessments, funding and operations, oldest first."
        ),
        response={
            "payout": {
                "payoutID": "po_01M8GAW9T96M4WQPG2MWZ1AMF0",
                "referenceNumber": "ATM1FF1320",
                "amount": usd("30.00"),
                "status": "completed",
                "hold": {"active": False},
                "reviewIDs": [],
                "assessmentIDs": ["ra_01M8GAW9TFQPZ867XHNS6ZWHHD"],
                "operations": [
                    {
                        "operationID": "op_01M8GAW9TFQPZ867XHNS6ZWHHE",
                        "type": "authorize",
                        "rail": "core_hold",
                        "status": "succeeded",
                        "occurredOn": "2026-11-28T05:43:33.999387Z",
                        "externalReference": "hold_01M8GAW9V50BJENAWADX19V4HD",
                    },
                    {
                        "operationID": "op_01M8GAW9VQGZQ2QTYH5Y5S87R6",
                        "type": "capture",
                        "rail": "core_hold",
                        "status": "succeeded",
                        "occurredOn": "2026-11-28T05:43:34.031982Z",
                        "externalReference": "cap_01M8GAW9W6C9QCGGDMKX6G9K2Q",
                    },
                    {
                        "operationID": "op_01M8GAW9VQGZQ2QTYH5Y5S87R7",
                        "type": "disburse",
                        "rail": "oct",
                        "status": "succeeded",
                        "occurredOn": "2026-11-28T05:43:34.032983Z",
                        "externalReference": "trf_01M8GAW9WGN108MSCV2WYVCGSY",
                    },
                ],
                "createdOn": "2026-11-28T05:43:33.958154Z",
                "expiresOn": "2026-12-12T05:43:33.958154Z",
                "memo": "Thanks for the ride",
                "completedOn": "2026-11-28T05:43:34.033160Z",
                "sender": {
                    "participantID": "usr_01M8GAW78FNSVSQQXKG9CZCEA7_user",
                    "externalID": "demo-dmitri",
                    "displayName": "Dmitri Ivanov",
                    "funding": {
                        "fundingType": "card",
                        "displayName": "Visa debit",
                        "last4": "4006",
                    },
                },
                "recipient": {"displayName": "Sam Walker", "phoneNumber": "+14155550177"},
                "fundedFrom": {
                    "fundingType": "core_ledger",
                    "reference": "cap_01M8GAW9W6C9QCGGDMKX6G9K2Q",
                },
                "claimedOn": "2026-11-28T05:43:34.004658Z",
            }
        },
    ),
)

REQUEST = extend_schema_view(
    retrieve=operation(
        "Requests",
        "Get a request",
        (
            "A request the provider owns (`rq_…`): its requester and payer, hold, "
            "reviews, assessments and operations (each pay attempt, the "
            "disbursement, any refund), oldest first."
        ),
        response={
            "request": {
                "requestID": "rq_01M8GAWC64FQK48HP3JTF5ZNK8",
                "referenceNumber": "KQV7PB5085",
                "amount": usd("8.00"),
                "status": "reversal_failed",
                "hold": {"active": False},
                "reviewIDs": [],
                "assessmentIDs": ["ra_01M8GAWC765R9AB15HQ01SJVA9"],
                "operations": [
                    {
                        "operationID": "op_01M8GAWC8N00YPAW7AN7DMBHTM",
                        "type": "collect",
                        "rail": "aft",
                        "status": "succeeded",
                        "occurredOn": "2026-11-28T05:43:36.476349Z",
                        "externalReference": "trf_01M8GAWC8WWB6ATW0PKVYTZ8SZ",
                    },
                    {
                        "operationID": "op_01M8GAWC9RZ4V1DMTN3EWRP3S1",
                        "type": "disburse",
                        "rail": "core_credit",
                        "status": "failed",
                        "occurredOn": "2026-11-28T05:43:36.520428Z",
                        "failureCode": "destination_unavailable",
                    },
                    {
                        "operationID": "op_01M8GAWCBVMTTXB1HFZ5D2ERXJ",
                        "type": "refund",
                        "rail": "core_credit",
                        "status": "failed",
                        "occurredOn": "2026-11-28T05:43:36.577297Z",
                        "failureCode": "funding_source_unavailable",
                    },
                ],
                "createdOn": "2026-11-28T05:43:36.388071Z",
                "expiresOn": "2026-12-12T05:43:36.388071Z",
                "memo": "Cinema",
                "requester": {
                    "participantID": "usr_01M8GAW8HW4SVTZ3KM7K91ACP9_user",
                    "externalID": "demo-lena",
                    "displayName": "Lena Vogel",
                    "funding": {
                        "fundingType": "card",
                        "displayName": "Mastercard debit",
                        "last4": "0113",
                    },
                },
                "payer": {
                    "participantID": "usr_01M8GAW8C86VZRYR4EWBJQX2SA_user",
                    "externalID": "demo-hiro",
                    "displayName": "Hiro Tanaka",
                    "phoneNumber": "+14155550108",
                    "funding": {
                        "fundingType": "card",
                        "displayName": "Mastercard debit",
                        "last4": "0108",
                    },
                },
                "fundedOn": "2026-11-28T05:43:36.476807Z",
            }
        },
    ),
)
