"""The events limit changes emit, to the provider that owns the group."""

from events import services as events
from events import types
from limits.models import LimitGroup
from limits.rendering import render_limit_group


def group_deleted(group: LimitGroup) -> None:
    members = group.memberships.filter(ended_on__isnull=True).count()
    events.record(
        types.LIMIT_GROUP_DELETED, {group.provider_id: render_limit_group(group, members)}
    )
