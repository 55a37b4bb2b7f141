"""Send limits in the contract's JSON shapes (`limits/api/serializers.py` documents them).

One builder per resource: `render_effective_limits` (a participant's resolved ceilings),
`render_limit_defaults` (the provider's defaults, the platform maximums and their versions)
and `render_limit_group`; datetimes leave as text (`common.rendering.json_ready`).
"""

from common.rendering import json_ready
from limits import dimensions
from limits.models import LimitGroup, PlatformLimits, ProviderLimitPolicy
from limits.resolution import ResolvedLimit


def _limit(limit: ResolvedLimit) -> dict:
    dimension = dimensions.BY_NAME[limit.dimension]
    data: dict = {
        "ceiling": dimensions.as_json(dimension, limit.ceiling),
        "source": limit.source,
    }
    if limit.clamped:
        data["stored"] = dimensions.as_json(dimension, limit.stored)
        data["platformMaximum"] = dimensions.as_json(dimension, limit.platform_maximum)
    if limit.expires_on is not None:
        data["expiresOn"] = json_ready(limit.expires_on)
    return data


def render_effective_limits(resolved: dict[str, ResolvedLimit]) -> dict:
    """The `effectiveLimits` object: each dimension's ceiling and where it comes from."""
    return {name: _limit(limit) for name, limit in resolved.items()}


def _all_dimensions(values: dict[str, int]) -> dict:
    return {d.name: dimensions.as_json(d, values[d.name]) for d in dimensions.DIMENSIONS}


def render_limit_defaults(platform: PlatformLimits, policy: ProviderLimitPolicy | None) -> dict:
    """`defaults.provider` per dimension is the saved policy's value where it sets one
    (providerSources `provider`), else the platform default (providerSources `platform`)."""
    platform_defaults = platform.defaults()
    saved = policy.ceilings() if policy else {}
    provider: dict[str, int] = {}
    sources: dict[str, str] = {}
    for name, platform_value in platform_defaults.items():
        own = saved.get(name)
        provider[name] = platform_value if own is None else own
        sources[name] = "platform" if own is None else "provider"
    versions = {"platform": platform.version_id}
    if policy is not None:
        versions["provider"] = policy.version_id
    return {
        "defaults": {
            "platform": _all_dimensions(platform_defaults),
            "provider": _all_dimensions(provider),
            "providerSources": sources,
        },
        "maximums": _all_dimensions(platform.maximums()),
        "versions": versions,
    }


def render_limit_group(group: LimitGroup, member_count: int) -> dict:
    """A limit group: the ceilings it sets (dimensions it leaves unset are absent) and how
    many participants are active members."""
    ceilings = {
        d.name: dimensions.as_json(d, value)
        for d in dimensions.DIMENSIONS
        if (value := getattr(group, d.field)) is not None
    }
    data: dict = {
        "groupID": group.pk,
        "name": group.name,
        "ceilings": ceilings,
        "memberCount": member_count,
        "createdOn": json_ready(group.created_on),
        "updatedOn": json_ready(group.updated_on),
    }
    if group.deleted_on is not None:
        data["deletedOn"] = json_ready(group.deleted_on)
    return data
