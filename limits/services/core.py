"""What every send-limit write is built from: checking ceilings, applying them to a row,
recording the change in the audit trail (LimitChange), and the provider row lock that
serialises a provider's policy and group writes.

Not called from outside limits: other apps and the screens use `limits.services`. Every
function here runs inside its caller's transaction.
"""

from collections.abc import Mapping

from common.actors import Actor
from common.errors import InvalidRequest
from common.locking import lock_or_404
from limits import dimensions
from limits.models import LimitChange
from providers.models import Provider


def record_change(
    kind: str,
    action: str,
    actor: Actor,
    *,
    provider_id: str | None = None,
    subject: str = "",
    data: dict | None = None,
    version_id: str = "",
) -> None:
    change = LimitChange(
        kind=kind,
        action=action,
        provider_id=provider_id,
        subject=subject,
        data=data or {},
        version_id=version_id,
    )
    change.set_actor(actor)
    change.save()


def checked(values: Mapping[str, int | None], *, allow_unset: bool) -> dict[str, int | None]:
    problems = []
    for name, value in values.items():
        if name not in dimensions.BY_NAME:
            problems.append(f"unknown dimension {name!r}")
        elif value is None:
            if not allow_unset:
                problems.append(f"{name} cannot be unset here")
        elif isinstance(value, bool) or not isinstance(value, int):
            problems.append(f"{name} must be an integer")
        elif not 0 <= value <= dimensions.MAX_STORED:
            problems.append(f"{name} must be between 0 and {dimensions.MAX_STORED}")
    if problems:
        raise InvalidRequest("; ".join(problems) + ".")
    return dict(values)


def apply_ceilings(obj, values: Mapping[str, int | None], prefix: str = "") -> list[str]:
    """Set the given dimensions on `obj`; the column names that actually changed."""
    changed = []
    for name, value in values.items():
        column = prefix + dimensions.BY_NAME[name].field
        if getattr(obj, column) != value:
            setattr(obj, column, value)
            changed.append(column)
    return changed


def locked_provider(provider_id: str) -> Provider:
    return lock_or_404(
        Provider.objects.filter(pk=provider_id), f"Provider {provider_id} does not exist."
    )
