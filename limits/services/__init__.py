"""Every write on send limits, one module per level; this package is the app's write
interface. Admin screens, management commands and the API call these.

- `levels`: the platform defaults and maximums, and each provider's policy.
- `groups`: limit groups and their memberships.
- `overrides`: a participant's overrides at one provider.
- `core`: checking and applying ceilings, the audit record, the provider lock; not called
  from outside limits.

Ceilings come in as {contract dimension name: minor units or count}. On the provider and group
levels a None value unsets the dimension (the level then stops hiding the ones below it); a
dimension left out of the mapping is unchanged. Every write is recorded in LimitChange; a
platform write replaces `versions.platform`, a provider-policy write `versions.provider`.
"""

from limits.services.groups import (
    GROUP_NAME_MAX,
    add_to_limit_group,
    clean_group_name,
    create_limit_group,
    delete_limit_group,
    remove_from_limit_group,
    update_limit_group,
)
from limits.services.levels import (
    clear_provider_limits,
    set_platform_limits,
    set_provider_limits,
)
from limits.services.overrides import clear_limit_override, set_limit_override

__all__ = [
    "GROUP_NAME_MAX",
    "add_to_limit_group",
    "clean_group_name",
    "clear_limit_override",
    "clear_provider_limits",
    "create_limit_group",
    "delete_limit_group",
    "remove_from_limit_group",
    "set_limit_override",
    "set_platform_limits",
    "set_provider_limits",
    "update_limit_group",
]
