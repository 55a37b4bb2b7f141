"""Demo send limits, so `make run` shows every source kind on the effective-limits endpoint:

- Demo Bank's policy sets dailyAmount and dailySendCount       → `provider`
- group "VIP" (Alice, Dmitri) sets daily and weekly amounts     → `group:VIP`
  and a per-transaction amount above the platform maximum      → `group:VIP+platform-clamp`
- group "New accounts" (Emeka) allows 5 payouts a day          → `group:New accounts`
- Bob has a 30-day override of his daily amount               → `override` with expiresOn
- everything else                                              → `platform`

Idempotent: re-running keeps what is there.
"""

from datetime import timedelta

from django.utils import timezone

from common.actors import Actor
from limits import dimensions, selectors, services
from participants import selectors as participant_selectors
from providers.models import Provider

ACTOR = Actor(kind="system", display_name="demo seed")

PROVIDER_POLICY = {"dailyAmount": "2000.00", "dailySendCount": "15"}
GROUPS = [
    (
        "VIP",
        {"perTransactionAmount": "20000.00", "dailyAmount": "5000.00", "weeklyAmount": "15000.00"},
        ["demo-alice", "demo-dmitri"],
    ),
    ("New accounts", {"dailySendCount": "5"}, ["demo-emeka"]),
]
OVERRIDES = [("demo-bob", {"dailyAmount": "50.00"}, 30, "Customer asked for a lower daily limit")]


def _values(typed: dict[str, str]) -> dict[str, int]:
    return {name: dimensions.parse(dimensions.BY_NAME[name], text) for name, text in typed.items()}


def seed(provider: Provider) -> None:
    services.set_provider_limits(
        provider_id=provider.id, ceilings=_values(PROVIDER_POLICY), actor=ACTOR
    )
    for name, ceilings, members in GROUPS:
        group = selectors.live_groups_for(provider.id).filter(name=name).first()
        if group is None:
            group = services.create_limit_group(
                provider_id=provider.id, name=name, ceilings=_values(ceilings), actor=ACTOR
            )
        for external_id in members:
            enrollment = participant_selectors.get_enrollment(provider.id, external_id)
            services.add_to_limit_group(group_id=group.id, enrollment=enrollment, actor=ACTOR)
    now = timezone.now()
    for external_id, values, days, reason in OVERRIDES:
        enrollment = participant_selectors.get_enrollment(provider.id, external_id)
        if selectors.current_overrides(enrollment, at=now).exists():
            continue
        services.set_limit_override(
            enrollment=enrollment,
            values=_values(values),
            expires_on=now + timedelta(days=days),
            reason=reason,
            actor=ACTOR,
        )
