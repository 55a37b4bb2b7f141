"""Shared set-up for the limits tests: participants, levels, and reading the API."""

from common.actors import Actor
from limits import services
from limits.models import PlatformLimits
from participants.selectors import get_enrollment
from tests.participants.factories import create_participant
from tests.schema import assert_matches_component

STAFF = Actor(kind="system", display_name="limits tests")

# The starting platform values (limits/starting.py) in USD minor units.
START_DEFAULTS = {
    "perTransactionAmount": 100000,
    "dailyAmount": 250000,
    "weeklyAmount": 500000,
    "monthlyAmount": 1000000,
    "dailySendCount": 20,
}
START_MAXIMUMS = {
    "perTransactionAmount": 1000000,
    "dailyAmount": 2500000,
    "weeklyAmount": 5000000,
    "monthlyAmount": 10000000,
    "dailySendCount": 100,
}


def enrollment(ctx, external_id: str | None = None):
    """A participant of `ctx` created through the API, as its Enrollment."""
    body = create_participant(ctx, **({"externalID": external_id} if external_id else {}))
    return get_enrollment(ctx.id, body["participantID"])


def platform(defaults: dict | None = None, maximums: dict | None = None) -> PlatformLimits:
    result, _ = services.set_platform_limits(defaults=defaults, maximums=maximums, actor=STAFF)
    return result


def group(ctx, name: str, members=(), **ceilings):
    created = services.create_limit_group(
        provider_id=ctx.id, name=name, ceilings=ceilings, actor=STAFF
    )
    for member in members:
        services.add_to_limit_group(group_id=created.id, enrollment=member, actor=STAFF)
    return created


def effective(ctx, participant_ref: str) -> dict:
    response = ctx.client.get(ctx.url(f"/participants/{participant_ref}/effective-limits"))
    assert response.status_code == 200, response.content
    return response.json()


def assert_matches_schema(body: dict, component: str) -> None:
    """Validate a response body against a component of the generated OpenAPI schema."""
    assert_matches_component(body, component)
