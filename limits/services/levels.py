"""The platform's and each provider's send limits: the platform defaults and maximums (one
row, seeded by a migration) and the providers' saved policies.

A platform write replaces `versions.platform`, a provider-policy write `versions.provider`.
Lock order: the platform row, or the provider row (it serialises a policy's first save).
"""

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from common.actors import Actor
from common.errors import InvalidRequest
from limits import selectors
from limits.models import LimitChange, PlatformLimits, ProviderLimitPolicy
from limits.services.core import apply_ceilings, checked, locked_provider, record_change
from participants.models import new_version_id


def set_platform_limits(
    *,
    defaults: Mapping[str, int] | None = None,
    maximums: Mapping[str, int] | None = None,
    actor: Actor,
) -> tuple[PlatformLimits, bool]:
    """Change platform defaults and/or maximums. Every default must stay at or below its
    maximum. Returns (platform, changed); only a real change replaces the version."""
    defaults = checked(defaults or {}, allow_unset=False)
    maximums = checked(maximums or {}, allow_unset=False)
    with transaction.atomic():
        # The row is seeded by a migration: a plain lock (see common.locking).
        platform = selectors.checked_platform(
            PlatformLimits.objects.select_for_update().get(pk=PlatformLimits.SINGLETON_ID)
        )
        changed = apply_ceilings(platform, defaults, "default_") + apply_ceilings(
            platform, maximums, "maximum_"
        )
        ceiling = platform.maximums()
        above = [name for name, value in platform.defaults().items() if value > ceiling[name]]
        if above:
            raise InvalidRequest(
                f"A platform default cannot exceed the platform maximum: {', '.join(above)}."
            )
        if not changed:
            return platform, False
        platform.version_id = new_version_id()
        platform.updated_on = timezone.now()
        platform.save(update_fields=[*changed, "version_id", "updated_on"])
        record_change(
            LimitChange.Kind.PLATFORM,
            "set",
            actor,
            data={"defaults": platform.defaults(), "maximums": platform.maximums()},
            version_id=platform.version_id,
        )
    return platform, True


def set_provider_limits(
    *, provider_id: str, ceilings: Mapping[str, int | None], actor: Actor
) -> ProviderLimitPolicy:
    """Save the provider's policy (created on first save). Each write replaces its version."""
    ceilings = checked(ceilings, allow_unset=True)
    with transaction.atomic():
        # The provider row lock serialises the first save of a policy as well as updates.
        locked_provider(provider_id)
        policy = ProviderLimitPolicy.objects.filter(provider_id=provider_id).first()
        created = policy is None
        if created:
            policy = ProviderLimitPolicy(provider_id=provider_id)
        changed = apply_ceilings(policy, ceilings)
        if not created and not changed:
            return policy
        policy.version_id = new_version_id()
        policy.updated_on = timezone.now()
        policy.save()
        record_change(
            LimitChange.Kind.PROVIDER_POLICY,
            "create" if created else "set",
            actor,
            provider_id=provider_id,
            subject=provider_id,
            data=policy.ceilings(),
            version_id=policy.version_id,
        )
    return policy


def clear_provider_limits(*, provider_id: str, actor: Actor) -> bool:
    """Remove the saved policy: every dimension falls back to the platform default and
    `versions.provider` disappears. False when there was none."""
    with transaction.atomic():
        locked_provider(provider_id)
        policy = ProviderLimitPolicy.objects.filter(provider_id=provider_id).first()
        if policy is None:
            return False
        data = policy.ceilings()
        policy.delete()
        record_change(
            LimitChange.Kind.PROVIDER_POLICY,
            "clear",
            actor,
            provider_id=provider_id,
            subject=provider_id,
            data=data,
        )
    return True
