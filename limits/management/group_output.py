"""How the group commands print a group."""

from limits import dimensions
from limits.management import arguments as args
from limits.models import LimitGroup


def group_data(group: LimitGroup) -> dict:
    data = {
        "groupID": group.id,
        "providerID": group.provider_id,
        "name": group.name,
        "currency": dimensions.platform_currency(),
        "ceilings": args.readable(group.ceilings()),
        "members": group.memberships.filter(ended_on__isnull=True).count(),
    }
    if group.deleted_on is not None:
        data["deletedOn"] = group.deleted_on.isoformat()
    return data
