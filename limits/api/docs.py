"""The documentation of the limits operations: each one's summary,
description, tag and examples (api/examples.py)."""

from drf_spectacular.utils import extend_schema_view

from api.examples import operation, usd

GROUP = {
    "groupID": "grp_01M8GAW7NKYNF07SNC9QN864ZZ",
    "name": "New accounts",
    "ceilings": {"dailySendCount": 5},
    "memberCount": 1,
    "createdOn": "2026-11-28T05:43:31.763779Z",
    "updatedOn": "2026-11-28T05:43:31.763782Z",
}

PARTICIPANT_LIMITS = extend_schema_view(
    effective_limits=operation(
        "Limits",
        "Get a participant's effective limits",
        (
            "The send limits that apply to the participant now, each dimension with "
            "its ceiling and the level it comes from (platform, provider, group, "
            "override; `+platform-clamp` when the platform maximum cut it)."
        ),
        response={
            "effectiveLimits": {
                "perTransactionAmount": {
                    "ceiling": usd("10000.00"),
                    "source": "group:VIP+platform-clamp",
                    "stored": usd("20000.00"),
                    "platformMaximum": usd("10000.00"),
                },
                "dailyAmount": {"ceiling": usd("5000.00"), "source": "group:VIP"},
                "weeklyAmount": {"ceiling": usd("15000.00"), "source": "group:VIP"},
                "monthlyAmount": {"ceiling": usd("10000.00"), "source": "platform"},
                "dailySendCount": {"ceiling": 15, "source": "provider"},
            },
            "participantID": "usr_01M8GAW74WNX6DRJMY3Z1W9RXR_user",
        },
    ),
)

LIMIT_DEFAULTS = extend_schema_view(
    defaults=operation(
        "Limits",
        "Get the limit defaults",
        (
            "The platform's and the provider's default limits, the platform maximums "
            "and the versions of both."
        ),
        response={
            "defaults": {
                "platform": {
                    "perTransactionAmount": usd("1000.00"),
                    "dailyAmount": usd("2500.00"),
                    "weeklyAmount": usd("5000.00"),
                    "monthlyAmount": usd("10000.00"),
                    "dailySendCount": 20,
                },
                "provider": {
                    "perTransactionAmount": usd("1000.00"),
                    "dailyAmount": usd("2000.00"),
                    "weeklyAmount": usd("5000.00"),
                    "monthlyAmount": usd("10000.00"),
                    "dailySendCount": 15,
                },
                "providerSources": {
                    "perTransactionAmount": "platform",
                    "dailyAmount": "provider",
                    "weeklyAmount": "platform",
                    "monthlyAmount": "platform",
                    "dailySendCount": "provider",
                },
            },
            "maximums": {
                "perTransactionAmount": usd("10000.00"),
                "dailyAmount": usd("25000.00"),
                "weeklyAmount": usd("50000.00"),
                "monthlyAmount": usd("100000.00"),
                "dailySendCount": 100,
            },
            "versions": {
                "platform": "BWYAy7YLF2qepuIe9bUc1g",
                "provider": "h0h8gXxwmF-o4I-0CAVweA",
            },
        },
    ),
)

LIMIT_GROUPS = extend_schema_view(
    list=operation(
        "Limits",
        "List limit groups",
        ("The provider's limit groups (`grp_…`), each with its ceilings and member count."),
        response={"limitGroups": [GROUP], "hasMore": False},
    ),
    retrieve=operation(
        "Limits",
        "Get a limit group",
        "One limit group with its ceilings and member count.",
        response=GROUP,
    ),
    destroy=operation(
        "Limits",
        "Delete a limit group",
        (
            "Deletes the group; its members fall back to the provider's and the "
            "platform's limits. `limit_group.deleted` follows."
        ),
        status=204,
    ),
)
