"""The documentation of the participants and funding sources operations: each one's summary,
description, tag and examples (api/examples.py)."""

from drf_spectacular.utils import extend_schema_view

from api.examples import ACTOR, PARTICIPANT, operation

NEW_PROFILE = {
    "externalID": "cust-4242",
    "givenName": "Grace",
    "familyName": "Hopper",
    "address": {
        "addressLine1": "1 Navy Way",
        "city": "Arlington",
        "stateOrProvince": "VA",
        "postalCode": "22202",
        "country": "US",
    },
    "phones": [{"countryCode": "1", "number": "2025550142"}],
    "emails": ["grace@example.com"],
}

PARTICIPANTS = extend_schema_view(
    list=operation(
        "Participants",
        "List participants",
        ("The provider's participants, newest first, each as the participant read renders it."),
        response={
            "participants": [PARTICIPANT],
            "hasMore": True,
            "nextCursor": (
                ".eJxFzc0KgkAYheF7mW2Z3_w4M7ozE8NISkPTjUxq4KKw0YKI7r1pES0PPC_nhQbkoUE_asB"
                "bGfmFYFkU7iBP1rDPAplUYYDmaPwipae:1xXBDz:x4dATP1rdEwZQvB_jf5lLuo1g4E88lrR"
                "NwRollymBeQ"
            ),
        },
    ),
    create=operation(
        "Participants",
        "Create a participant",
        (
            "Enrolls a customer of the provider. Answers 201 at once with the "
            "participantID, the profile echoed as sent, `status` (pending until "
            "onboarding's risk assessment finishes; `participant.activated` or "
            "`participant.denied` follows) and the `relationship` whose versionID a "
            "suspension expects. Funding sources sent are stored, not returned. A "
            "second create with the same externalID is 409 duplicate-external-id."
        ),
        request={
            **NEW_PROFILE,
            "fundingSources": [
                {
                    "displayName": "Checking",
                    "fundingType": "bank_account",
                    "providerSourceID": "acct-42",
                    "last4": "0042",
                }
            ],
        },
        response={
            **NEW_PROFILE,
            "participantID": "usr_01M8GAX8ZEK926JYTVNE7CP0YH_user",
            "status": "pending",
            "relationship": {"suspended": False, "versionID": "xdzrRrCdmtzSInXEu9k7mA"},
        },
        status=201,
    ),
    retrieve=operation(
        "Participants",
        "Get a participant",
        (
            "One participant by participantID (`usr_…`) or the provider's "
            "externalID, with its phones, emails, limit groups, status and "
            "relationship (its versionID is what a suspension or reactivation "
            "expects)."
        ),
        response=PARTICIPANT,
    ),
    suspend=operation(
        "Participants",
        "Suspend a participant",
        (
            "Suspends the provider's relationship with the participant: it can no "
            "longer send payouts or create requests through this provider. "
            "expectedVersionID is the relationship.versionID of the latest read; a "
            "stale one is 409 version-conflict, an already suspended relationship "
            "409 state-conflict."
        ),
        request={
            "reasonCode": "suspected-fraud",
            "note": "Card reported stolen",
            "expectedVersionID": "xdzrRrCdmtzSInXEu9k7mA",
        },
        response={
            "relationship": {
                "participantID": "usr_01M8GAX8ZEK926JYTVNE7CP0YH_user",
                "externalID": "cust-4242",
                "suspended": True,
                "versionID": "9ek1PkV9E3TRzFeKff3APQ",
                "suspendedOn": "2026-11-28T05:44:06.244523Z",
                "reasonCode": "suspected-fraud",
                "note": "Card reported stolen",
                "actor": ACTOR,
            }
        },
        status=201,
    ),
    reactivate=operation(
        "Participants",
        "Reactivate a participant",
        (
            "Lifts the provider's suspension of the participant; the relationship "
            "gets a new versionID and loses its suspension details. A relationship "
            "not suspended is 409 state-conflict."
        ),
        request={
            "note": "Customer verified by phone",
            "expectedVersionID": "9ek1PkV9E3TRzFeKff3APQ",
        },
        response={
            "relationship": {
                "participantID": "usr_01M8GAX8ZEK926JYTVNE7CP0YH_user",
                "externalID": "cust-4242",
                "suspended": False,
                "versionID": "FtVchcdp963P7XFFN2JKZw",
                "note": "Customer verified by phone",
                "actor": ACTOR,
            }
        },
        status=201,
    ),
)

FUNDING_SOURCES = extend_schema_view(
    list=operation(
        "Funding sources",
        "List a participant's funding sources",
        ("The participant's active funding sources; a removed one is no longer listed."),
        response={
            "fundingSources": [
                {
                    "fundingSourceID": "fs_01M8GAW758VZ9HHJH6VMJF1AV9",
                    "providerSourceID": "card-demo-alice",
                    "displayName": "Visa debit",
                    "fundingType": "card",
                    "last4": "4005",
                    "createdOn": "2026-11-28T05:43:31.240312Z",
                    "updatedOn": "2026-11-28T05:43:31.240315Z",
                },
                {
                    "fundingSourceID": "fs_01M8GAW754QSRCEGTAEWVXPV0G",
                    "providerSourceID": "acct-demo-alice",
                    "displayName": "Alice's checking",
                    "fundingType": "bank_account",
                    "last4": "0101",
                    "createdOn": "2026-11-28T05:43:31.236090Z",
                    "updatedOn": "2026-11-28T05:43:31.236093Z",
                },
            ],
            "hasMore": False,
        },
    ),
    destroy=operation(
        "Funding sources",
        "Remove a funding source",
        (
            "Disables the funding source: it is kept with `disabledOn` set so past "
            "payouts still resolve it, and leaves the list. Removing it again is 204 "
            "too."
        ),
        status=204,
    ),
)
