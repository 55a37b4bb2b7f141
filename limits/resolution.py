"""Send-limit resolution: the one place that decides a participant's ceiling per dimension.

Per dimension, the first level that sets it wins:
    1. an unexpired override                     source `override` (with expiresOn)
    2. the participant's limit groups            source `group:<name>`; the lowest ceiling
                                                 among the groups that set the dimension wins
    3. the provider's saved policy               source `provider`
    4. the platform default                      source `platform`
Then the platform maximum clamps a higher value: the ceiling becomes the maximum and the source
`<source>+platform-clamp`, with `stored` (the pre-clamp value) and `platformMaximum`.
A dimension no level sets is left out.

Pure functions over plain values: the selectors gather the levels from the database.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from limits import dimensions

CLAMP_SUFFIX = "+platform-clamp"


@dataclass(frozen=True)
class OverrideValue:
    value: int
    expires_on: datetime | None = None

    def active(self, at: datetime) -> bool:
        return self.expires_on is None or self.expires_on > at


@dataclass(frozen=True)
class GroupCeilings:
    name: str
    ceilings: Mapping[str, int | None]


@dataclass(frozen=True)
class Levels:
    """Everything resolution reads, keyed by contract dimension name (None: not set)."""

    overrides: Mapping[str, OverrideValue]
    groups: tuple[GroupCeilings, ...]
    provider: Mapping[str, int | None]
    platform_defaults: Mapping[str, int | None]
    platform_maximums: Mapping[str, int | None]


@dataclass(frozen=True)
class ResolvedLimit:
    dimension: str
    ceiling: int
    source: str
    stored: int | None = None  # pre-clamp value, only when clamped
    platform_maximum: int | None = None  # only when clamped
    expires_on: datetime | None = None  # only for an override-sourced value

    @property
    def clamped(self) -> bool:
        return self.stored is not None


def _lowest_group(groups: Iterable[GroupCeilings], name: str) -> tuple[int, str] | None:
    # Ties go to the alphabetically first group name, so the source is stable across reads.
    candidates = [
        (group.ceilings[name], group.name)
        for group in groups
        if group.ceilings.get(name) is not None
    ]
    return min(candidates) if candidates else None


def _stored(levels: Levels, name: str, at: datetime) -> tuple[int, str, datetime | None] | None:
    override = levels.overrides.get(name)
    if override is not None and override.active(at):
        return override.value, "override", override.expires_on
    group = _lowest_group(levels.groups, name)
    if group is not None:
        value, group_name = group
        return value, f"group:{group_name}", None
    if levels.provider.get(name) is not None:
        return levels.provider[name], "provider", None
    if levels.platform_defaults.get(name) is not None:
        return levels.platform_defaults[name], "platform", None
    return None


def resolve(levels: Levels, *, at: datetime) -> dict[str, ResolvedLimit]:
    """{dimension name: ResolvedLimit} in contract order, dimensions without a ceiling left out.
    `at` decides which overrides have expired (an override lapses at its expiresOn)."""
    resolved: dict[str, ResolvedLimit] = {}
    for name in dimensions.NAMES:
        stored = _stored(levels, name, at)
        if stored is None:
            continue
        value, source, expires_on = stored
        maximum = levels.platform_maximums.get(name)
        if maximum is not None and value > maximum:
            resolved[name] = ResolvedLimit(
                name, maximum, source + CLAMP_SUFFIX, value, maximum, expires_on
            )
        else:
            resolved[name] = ResolvedLimit(name, value, source, expires_on=expires_on)
    return resolved
