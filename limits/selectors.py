"""Reads of send limits. Every API read starts from the calling provider."""

from datetime import datetime

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from common.errors import NotFound
from limits import levels_sql, rendering
from limits.models import (
    LimitGroup,
    LimitGroupMembership,
    LimitOverride,
    PlatformLimits,
    ProviderLimitPolicy,
)
from limits.resolution import GroupCeilings, Levels, OverrideValue, ResolvedLimit, resolve
from participants.models import Enrollment


def checked_platform(platform: PlatformLimits) -> PlatformLimits:
    """Amounts are stored in minor units of the currency recorded on the platform row; reading
    them as another currency would silently rescale every ceiling, so a PLATFORM_CURRENCY that
    disagrees stops the read instead."""
    if platform.currency != settings.PLATFORM_CURRENCY:
        raise ImproperlyConfigured(
            f"Limits are stored in {platform.currency} but PLATFORM_CURRENCY is "
            f"{settings.PLATFORM_CURRENCY}."
        )
    return platform


def get_platform_limits() -> PlatformLimits:
    """The platform row, so there is always a complete platform level to resolve against. A
    data migration seeds it with the starting values (`limits.starting`); a read never
    writes, and a database without it is not set up."""
    return _present(PlatformLimits.objects.filter(pk=PlatformLimits.SINGLETON_ID).first())


def _present(platform: PlatformLimits | None) -> PlatformLimits:
    if platform is None:
        raise ImproperlyConfigured(
            "The platform limits row is missing: `manage.py migrate` seeds it "
            "(migration limits 0003)."
        )
    return checked_platform(platform)


def get_provider_policy(provider_id: str) -> ProviderLimitPolicy | None:
    return ProviderLimitPolicy.objects.filter(provider_id=provider_id).first()


def live_groups_for(provider_id: str) -> QuerySet[LimitGroup]:
    return LimitGroup.objects.filter(provider_id=provider_id, deleted_on__isnull=True)


def get_live_group(provider_id: str, group_id: str) -> LimitGroup:
    """The provider's live group, or NotFound (also for another provider's or a deleted one)."""
    group = with_member_counts(live_groups_for(provider_id)).filter(pk=group_id).first()
    if group is None:
        raise NotFound("No limit group matches within this provider.")
    return group


def active_memberships(enrollment: Enrollment) -> QuerySet[LimitGroupMembership]:
    """Memberships that count: not ended, in a live group of the enrollment's provider."""
    return LimitGroupMembership.objects.filter(
        enrollment=enrollment,
        ended_on__isnull=True,
        group__deleted_on__isnull=True,
        group__provider_id=enrollment.provider_id,
    ).select_related("group")


def current_overrides(enrollment: Enrollment, *, at: datetime) -> QuerySet[LimitOverride]:
    """Overrides in force at `at`: not replaced or cleared, and not past expiresOn."""
    return LimitOverride.objects.filter(enrollment=enrollment, ended_on__isnull=True).filter(
        Q(expires_on__isnull=True) | Q(expires_on__gt=at)
    )


def levels_for(enrollment: Enrollment, *, at: datetime) -> Levels:
    if levels_sql.applies():
        platform, policy, overrides, groups = levels_sql.read(
            provider_id=enrollment.provider_id, enrollment_id=enrollment.pk, at=at
        )
        platform = _present(platform)
    else:
        platform = get_platform_limits()
        policy = get_provider_policy(enrollment.provider_id)
        overrides = [
            (o.dimension, o.value, o.expires_on) for o in current_overrides(enrollment, at=at)
        ]
        groups = [m.group for m in active_memberships(enrollment)]
    return Levels(
        overrides={
            dimension: OverrideValue(value, expires_on)
            for dimension, value, expires_on in overrides
        },
        groups=tuple(GroupCeilings(group.name, group.ceilings()) for group in groups),
        provider=policy.ceilings() if policy else {},
        platform_defaults=platform.defaults(),
        platform_maximums=platform.maximums(),
    )


def _owned(provider_id: str, enrollment: Enrollment) -> Enrollment:
    if enrollment.provider_id != provider_id:
        raise NotFound("No participant matches within this provider.")
    return enrollment


def resolve_for(
    *, provider_id: str, enrollment: Enrollment, at: datetime | None = None
) -> dict[str, ResolvedLimit]:
    """The participant's resolved ceilings at this provider, as of `at` (default now)."""
    enrollment = _owned(provider_id, enrollment)
    at = at or timezone.now()
    return resolve(levels_for(enrollment, at=at), at=at)


def effective_limits(
    *, provider_id: str, enrollment: Enrollment, at: datetime | None = None
) -> dict:
    """The `effectiveLimits` object of the effective-limits endpoint."""
    return rendering.render_effective_limits(
        resolve_for(provider_id=provider_id, enrollment=enrollment, at=at)
    )


def limit_defaults(provider_id: str) -> dict:
    """The defaults endpoint's body: platform and provider defaults, maximums, versions."""
    return rendering.render_limit_defaults(get_platform_limits(), get_provider_policy(provider_id))


def with_member_counts(queryset: QuerySet[LimitGroup]) -> QuerySet[LimitGroup]:
    """Each group with `member_count` (its active memberships), counted in the same query."""
    return queryset.annotate(
        member_count=Count("memberships", filter=Q(memberships__ended_on__isnull=True))
    )
