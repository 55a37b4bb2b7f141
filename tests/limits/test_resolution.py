"""The resolver itself, for inputs the stored levels never produce (the platform always sets
every dimension and keeps each default at or below its maximum)."""

from datetime import UTC, datetime, timedelta

from limits.resolution import GroupCeilings, Levels, OverrideValue, ResolvedLimit, resolve

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def levels(**kwargs) -> Levels:
    base = dict(overrides={}, groups=(), provider={}, platform_defaults={}, platform_maximums={})
    return Levels(**{**base, **kwargs})


def test_a_dimension_no_level_sets_is_omitted():
    resolved = resolve(
        levels(platform_defaults={"dailyAmount": 100}, platform_maximums={"weeklyAmount": 5}),
        at=NOW,
    )
    assert list(resolved) == ["dailyAmount"]


def test_nothing_set_anywhere_resolves_to_nothing():
    assert resolve(levels(), at=NOW) == {}


def test_a_maximum_alone_is_not_a_ceiling():
    assert resolve(levels(platform_maximums={"dailyAmount": 100}), at=NOW) == {}


def test_a_platform_default_above_the_maximum_is_clamped_too():
    resolved = resolve(
        levels(platform_defaults={"dailyAmount": 200}, platform_maximums={"dailyAmount": 100}),
        at=NOW,
    )
    assert resolved["dailyAmount"] == ResolvedLimit(
        "dailyAmount", 100, "platform+platform-clamp", 200, 100
    )


def test_without_a_maximum_nothing_is_clamped():
    resolved = resolve(levels(provider={"dailySendCount": 10**9}), at=NOW)
    assert resolved["dailySendCount"] == ResolvedLimit("dailySendCount", 10**9, "provider")


def test_an_override_lapses_exactly_at_expires_on():
    expires = NOW + timedelta(hours=1)
    state = levels(
        overrides={"dailyAmount": OverrideValue(5, expires)},
        groups=(GroupCeilings("VIP", {"dailyAmount": 50}),),
    )
    assert resolve(state, at=expires - timedelta(microseconds=1))["dailyAmount"].source == (
        "override"
    )
    assert resolve(state, at=expires)["dailyAmount"].source == "group:VIP"


def test_an_expired_override_carries_no_expires_on_into_the_fallback():
    state = levels(overrides={"dailyAmount": OverrideValue(5, NOW)}, provider={"dailyAmount": 70})
    assert resolve(state, at=NOW)["dailyAmount"] == ResolvedLimit("dailyAmount", 70, "provider")
