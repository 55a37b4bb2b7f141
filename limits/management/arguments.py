"""Flags and output shared by the limits commands: one flag per dimension, e.g.
`--daily-amount 500.00` (platform currency) or `--daily-send-count 10`."""

from datetime import datetime

from django.core.management.base import CommandError
from django.utils.dateparse import parse_datetime

from common.actors import Actor
from common.commands import human_text
from limits import dimensions, selectors
from participants import selectors as participant_selectors
from providers.selectors import get_provider


def command_actor(command: str) -> Actor:
    return Actor(kind="system", display_name=f"manage.py {command}")


def add_ceiling_flags(parser, *, prefix: str = "", what: str = "ceiling") -> None:
    for d in dimensions.DIMENSIONS:
        unit = f"in {dimensions.platform_currency()}" if d.is_amount else "payouts per UTC day"
        parser.add_argument(
            "--" + prefix + d.flag.removeprefix("--"),
            dest=prefix.replace("-", "_") + d.field,
            metavar="AMOUNT" if d.is_amount else "COUNT",
            help=f"{d.label} {what} ({unit})",
        )


def ceilings_from(options: dict, *, prefix: str = "") -> dict[str, int]:
    """{dimension name: minor units or count} for the flags that were given."""
    values = {}
    for d in dimensions.DIMENSIONS:
        text = options.get(prefix.replace("-", "_") + d.field)
        if text is None:
            continue
        try:
            values[d.name] = dimensions.parse(d, text)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    return values


def dimension_name(text: str) -> str:
    """`dailyAmount`, `daily-amount` or `daily_amount` → `dailyAmount`."""
    for d in dimensions.DIMENSIONS:
        if text in (d.name, d.field, d.flag.removeprefix("--")):
            return d.name
    raise CommandError(f"unknown dimension {text!r}; one of {', '.join(dimensions.NAMES)}")


def add_participant_flag(parser, *, within: str = "the provider") -> None:
    parser.add_argument(
        "--participant",
        required=True,
        metavar="PARTICIPANT",
        help=f"participantID or externalID within {within}",
    )


def add_unset_flag(parser, *, flag: str = "--unset", help_text: str) -> None:
    parser.add_argument(flag, action="append", default=[], metavar="DIMENSION", help=help_text)


def parse_expiry(text: str | None) -> datetime | None:
    if text is None:
        return None
    value = parse_datetime(text)
    if value is None:
        raise CommandError(f"--expires-on {text!r} is not an ISO 8601 date-time")
    if value.tzinfo is None:
        raise CommandError("--expires-on needs a UTC offset, e.g. 2026-12-31T23:59:59Z")
    return value


def provider_or_error(provider_id: str):
    provider = get_provider(provider_id)
    if provider is None:
        raise CommandError(f"provider {provider_id} does not exist")
    return provider


def enrollment_or_error(provider_id: str, participant_ref: str):
    enrollment = participant_selectors.find_enrollment(provider_id, participant_ref)
    if enrollment is None:
        raise CommandError(f"no participant {participant_ref!r} at provider {provider_id}")
    return enrollment


def readable(values: dict[str, int | None]) -> dict:
    """Ceilings for command output: amounts as decimal strings, counts as ints, unset left out."""
    out = {}
    for name, value in values.items():
        if value is None:
            continue
        d = dimensions.BY_NAME[name]
        out[name] = dimensions.plain(d, value) if d.is_amount else value
    return out


def clamp_warnings(values: dict[str, int | None]) -> list[str]:
    """Values above the platform maximum are stored as given and resolve to the maximum."""
    maximums = selectors.get_platform_limits().maximums()
    warnings = []
    for name, value in values.items():
        if value is not None and value > maximums[name]:
            d = dimensions.BY_NAME[name]
            warnings.append(
                f"note: {name} {dimensions.display(d, value)} is above the platform maximum "
                f"{dimensions.display(d, maximums[name])}; it resolves to the maximum "
                "(source <level>+platform-clamp)"
            )
    return warnings


def human(data: dict) -> str:
    """Readable lines (common.commands.human_text): nested values indented, not JSON."""
    return human_text(data)
