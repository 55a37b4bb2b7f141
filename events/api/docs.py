"""The documentation of the events and webhook endpoints operations: each one's summary,
description, tag and examples (api/examples.py)."""

from drf_spectacular.utils import extend_schema_view

from api.examples import operation, usd

EVENT = {
    "type": "payout.status_changed",
    "eventID": "evt_01M8GAW9H0XBWT8KMTNYKHAB9A",
    "createdOn": "2026-11-28T05:43:33.664853Z",
    "data": {
        "type": "payout",
        "paymentID": "po_01M8GAW91GBJ2GS2CVCFZ73CYN",
        "amount": usd("42.00"),
        "status": "completed",
        "referenceNumber": "5YDENC2YRX",
        "sender": {
            "participantID": "usr_01M8GAW74WNX6DRJMY3Z1W9RXR_user",
            "externalID": "demo-alice",
            "displayName": "Alice Nguyen",
            "funding": {"fundingType": "card", "displayName": "Visa debit", "last4": "4005"},
        },
        "recipient": {
            "participantID": "usr_01M8GAW76HHEJEQQM8XCE6DA27_user",
            "externalID": "demo-bob",
            "displayName": "Bob Okafor",
            "phoneNumber": "+14155550102",
            "funding": {"fundingType": "card", "displayName": "Visa debit", "last4": "4003"},
        },
        "hold": {"active": False},
        "createdOn": "2026-11-28T05:43:33.146334Z",
        "expiresOn": "2026-12-12T05:43:33.146334Z",
        "memo": "Dinner at Nopa",
        "completedOn": "2026-11-28T05:43:33.663953Z",
        "previousStatus": "claiming",
    },
}

ENDPOINT = {
    "endpointID": "whe_01M8GAWDE497NYXP0XV9WQRNRS",
    "url": "https://hooks.example.com/all-events",
    "eventTypes": [],
    "status": "enabled",
    "createdOn": "2026-11-28T05:43:37.668237Z",
    "updatedOn": "2026-11-28T05:43:37.668241Z",
    "description": "Operations dashboard",
}

NEW_ENDPOINT = {
    "endpointID": "whe_01M8GAXDGJ1TDG7PAM2KJ7ERSD",
    "url": "https://hooks.example.com/provider-service",
    "eventTypes": ["payout.status_changed", "request.status_changed"],
    "status": "enabled",
    "createdOn": "2026-11-28T05:44:10.514234Z",
    "description": "Payments team",
}

EVENTS = extend_schema_view(
    list=operation(
        "Events",
        "List events",
        response={
            "events": [EVENT],
            "hasMore": True,
            "nextCursor": (
                ".eJxFzc0KgkAYheF7mW2Z3_w4M7ozE8NISkPTjUxq4KKw0YKI7r1pES0PPC_nhQbkoUE_asB"
                "bGfmFYFkU7iBP1rDPAplUYYDmaPwipae:1xXBDz:x4dATP1rdEwZQvB_jf5lLuo1g4E88lrR"
                "NwRollymBeQ"
            ),
        },
    ),
    retrieve=operation(
        "Events",
        "Get an event",
        "One event (`evt_…`) as the feed and every webhook delivery carry it.",
        response=EVENT,
    ),
    redeliver=operation(
        "Events",
        "Redeliver an event",
        (
            "Sends the event again to every enabled endpoint subscribed to its type; "
            "answers the endpoints it is queued for."
        ),
        response={
            "eventID": "evt_01M8GAW764P9YVE8MFVG1Y0XNQ",
            "endpointIDs": ["whe_01M8GAWDE497NYXP0XV9WQRNRS"],
        },
        status=202,
    ),
)

WEBHOOK_ENDPOINTS = extend_schema_view(
    list=operation(
        "Webhooks",
        "List webhook endpoints",
        "The provider's webhook endpoints (`whe_…`), without their secrets.",
        response={"webhookEndpoints": [ENDPOINT], "hasMore": False},
    ),
    create=operation(
        "Webhooks",
        "Create a webhook endpoint",
        (
            "Registers an HTTPS address to push events to (`eventTypes` empty: every "
            "type). The answer carries the signing `secret`, shown this once."
        ),
        request={
            "url": "https://hooks.example.com/provider-service",
            "eventTypes": ["payout.status_changed", "request.status_changed"],
            "description": "Payments team",
        },
        response={
            **NEW_ENDPOINT,
            "updatedOn": "2026-11-28T05:44:10.514240Z",
            "secret": "whsec_6uyfDgiGOAwfhLFz7vBDE2UD9/iv954zHE/otGLkS5o=",
        },
        status=201,
    ),
    retrieve=operation(
        "Webhooks", "Get a webhook endpoint", "One endpoint, without its secret.", response=ENDPOINT
    ),
    destroy=operation(
        "Webhooks",
        "Delete a webhook endpoint",
        "Stops deliveries to the endpoint and removes it.",
        status=204,
    ),
    rotate_secret=operation(
        "Webhooks",
        "Rotate a webhook secret",
        response={
            **NEW_ENDPOINT,
            "updatedOn": "2026-11-28T05:44:10.572480Z",
            "previousSecretExpiresOn": "2026-11-29T05:44:10.572480Z",
            "secret": "whsec_Rw6jC6iupkOnGOCiYz7Nl3ke9HRyS4OWV0HYVkjc5PQ=",
        },
        status=201,
    ),
    send_test=operation(
        "Webhooks",
        "Send a test event",
        response={"eventID": "evt_01M8GAXDPEN9HENAMSANGTDNDC"},
        status=202,
    ),
)
