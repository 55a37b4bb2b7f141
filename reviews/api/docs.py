"""The documentation of the reviews, review commands and risk operations: each one's summary,
description, tag and examples (api/examples.py)."""

from drf_spectacular.utils import extend_schema_view

from api.examples import ACTOR, operation, usd

REVIEW = {
    "reviewID": "rev_01M8GAWDDQ0H8V50GAZT4K6AWM",
    "participantID": "usr_01M8GAWCRKED6DNS6KAHR9WJSC_user",
    "externalID": "demo-priya",
    "status": "pending",
    "versionID": "kY8V5TxiseDQtqMI3fRmxw",
    "reason": "Sign-ins from two countries",
    "assessmentIDs": [],
    "createdOn": "2026-11-28T05:43:37.655457Z",
}

PARTICIPANT_REVIEWS = extend_schema_view(
    list=operation(
        "Participant reviews",
        "List participant reviews",
        "The provider's participant reviews, newest first.",
        response={"reviews": [REVIEW], "hasMore": False},
    ),
    create=operation(
        "Participant reviews",
        "Open a participant review",
        (
            "Accepted later: 202 with the command in X-Command-ID and Location (`GET "
            "…/review-commands/{commandID}`); `participant_review.opened` and "
            "`command.applied` (or `command.rejected`) follow."
        ),
        request={
            "participantID": "usr_01M8GAX8ZEK926JYTVNE7CP0YH_user",
            "reason": "Name close to a sanctioned name",
        },
        status=202,
    ),
    retrieve=operation(
        "Participant reviews",
        "Get a participant review",
        (
            "One review (`rev_…`) with its relationship, notes, assignee and "
            "resolution once resolved."
        ),
        response={
            "review": {
                **REVIEW,
                "relationship": {"suspended": False, "versionID": "R3LnV0-OfKmdEfSgS0ffag"},
                "notes": [],
            }
        },
    ),
    assign=operation(
        "Participant reviews",
        "Assign a participant review",
        (
            "Names the provider's own assignee for the review. Accepted later like "
            "an open: 202 with X-Command-ID and Location. expectedVersionID is the "
            "review's versionID from the latest read."
        ),
        request={"assigneeUserID": "analyst-7", "expectedVersionID": "kY8V5TxiseDQtqMI3fRmxw"},
        status=202,
    ),
    suspend=operation(
        "Participant reviews",
        "Resolve a review by suspending",
        (
            "Resolves the review as suspend and suspends the provider's relationship "
            "with the participant in one step. Needs both participant-review write "
            "and relationship write access; expectedVersionID is the review's, "
            "expectedRelationshipVersionID the relationship's."
        ),
        request={
            "reasonCode": "compliance-review",
            "reason": "Confirmed match on the sanctions list",
            "expectedVersionID": "Tz0cYk7wF4d2bGq1nVhR8w",
            "expectedRelationshipVersionID": "xdzrRrCdmtzSInXEu9k7mA",
        },
        response={
            "review": {
                "reviewID": "rev_01M8GAX9PQ8J3BMSZN727J7N1R",
                "participantID": "usr_01M8GAX8ZEK926JYTVNE7CP0YH_user",
                "externalID": "cust-4242",
                "status": "resolved",
                "versionID": "O-H4MIKcTc3B1CQ9cC7RNA",
                "reason": "Name close to a sanctioned name",
                "assessmentIDs": [],
                "assigneeUserID": "analyst-7",
                "createdOn": "2026-11-28T05:44:06.615574Z",
                "resolution": {
                    "action": "suspend",
                    "reason": "Confirmed match on the sanctions list",
                    "reasonCode": "compliance-review",
                    "resolvedOn": "2026-11-28T05:44:09.547673Z",
                    "actor": ACTOR,
                    "resolvedByDisplay": {"displayName": "Provider application"},
                },
                "relationship": {"suspended": True, "versionID": "u70BQsW0cbkNWeq04G66qw"},
                "notes": [],
            }
        },
        status=201,
    ),
)

REVIEW_COMMANDS = extend_schema_view(
    retrieve=operation(
        "Review commands",
        "Get a review command",
        response={
            "command": {
                "commandID": "cmd_01M8GAX9KR758WMGATTSBHVN9P",
                "command": "open",
                "status": "applied",
                "idempotencyKey": "k-openParticipantReview",
                "reviewID": "rev_01M8GAX9PQ8J3BMSZN727J7N1R",
                "createdOn": "2026-11-28T05:44:06.520214Z",
                "appliedOn": "2026-11-28T05:44:06.633939Z",
            }
        },
    ),
)

PAYMENT_REVIEWS = extend_schema_view(
    resolve=operation(
        "Payment reviews",
        "Resolve a payment review",
        (
            "Resolves a payout's review (`pyr_…`) as approved (the payout goes on "
            "once no other review holds it) or rejected (the payout is denied and "
            "its hold released)."
        ),
        request={"resolution": "approved", "notes": "Sender confirmed the payout by phone"},
        response={
            "review": {
                "reviewID": "pyr_01M8GAWCV3BJD9DTF6YJH6YPE4",
                "status": "approved",
                "reason": (
                    "Amount 800.00 USD is at least 750.00; Enrolled under a minute ago "
                    "(rule: less than 72 hours); First payment to +14155550188"
                ),
                "riskAssessmentID": "ra_01M8GAWCV3BJD9DTF6YJH6YPE3",
                "payout": {
                    "payoutID": "po_01M8GAWCTWBX98A3S5YW1D8HZ6",
                    "amount": usd("800.00"),
                    "status": "accepted",
                },
                "createdOn": "2026-11-28T05:43:37.060004Z",
                "resolvedOn": "2026-11-28T05:44:10.008179Z",
            }
        },
        status=201,
    ),
)

RISK_ASSESSMENTS = extend_schema_view(
    list=operation(
        "Risk",
        "List a participant's risk assessments",
        (
            "The participant's risk assessments in assessment order (not newest "
            "first): signups, sign-ins and the provider's own payments, each with "
            "its decision, level, reasons, evidence and rules."
        ),
        response={
            "assessments": [
                {
                    "assessmentID": "ra_01M8GAWCJS55YK4KFTRA3HG8V8",
                    "participantID": "usr_01M8GAWCHS3N0D5RHF3XCY6CNM_user",
                    "assessedOn": "2026-11-28T05:43:36.784891Z",
                    "decision": "review",
                    "level": "medium",
                    "score": 30.0,
                    "reasons": ["pepLevel is medium (rule: at least medium)"],
                    "customerEvidence": {
                        "signals": [
                            {"key": "addressRiskLevel", "value": "low"},
                            {"key": "emailDomainLevel", "value": "unknown"},
                            {"key": "emailLevel", "value": "unknown"},
                            {"key": "pepLevel", "value": "medium"},
                            {"key": "phoneLevel", "value": "low"},
                            {"key": "sanctionLevel", "value": "low"},
                        ]
                    },
                    "rules": [
                        {
                            "ruleID": 107,
                            "name": "Politically exposed person",
                            "isLive": True,
                            "isAllowlisted": False,
                        }
                    ],
                    "reviewIDs": ["rev_01M8GAWCJWGD9AXJGMM52QW539"],
                }
            ],
            "hasMore": False,
        },
    ),
)

DEVICE_OBSERVATIONS = extend_schema_view(
    list=operation(
        "Risk",
        "List a payment assessment's device observations",
        (
            "The devices observed on one risk assessment of a payment, newest "
            "observedOn first (those without a time last). Needs both "
            "service-devices.read and service-payments.read."
        ),
        response={
            "observations": [
                {
                    "observedOn": "2026-11-28T05:43:37.054523Z",
                    "deviceType": "mobile",
                    "model": "iPhone 15",
                    "os": "iOS",
                    "osVersion": "18.1",
                    "location": {"city": "San Francisco", "region": "CA"},
                }
            ],
            "hasMore": False,
        },
    ),
)
