"""Hook point for the signup risk assessment, owned here and filled by the reviews app.

Participants cannot import reviews (imports go one way), so reviews registers its assessor
from its `AppConfig.ready()`. Onboarding calls it inside its transaction; with none registered
every signup is allowed and the participant simply becomes active.
"""

from collections.abc import Callable
from dataclasses import dataclass

DECISIONS = ("allow", "review", "deny")


@dataclass(frozen=True)
class SignupVerdict:
    decision: str  # "allow" | "review" | "deny"
    assessment_id: str | None = None

    def __post_init__(self):
        if self.decision not in DECISIONS:
            raise ValueError(f"decision must be one of {DECISIONS}, not {self.decision!r}")


ALLOW = SignupVerdict(decision="allow")

_assessor: Callable[[object], SignupVerdict] | None = None


def register_assessor(fn: Callable[[object], SignupVerdict] | None) -> None:
    """Install the signup assessor (a later registration replaces the earlier; None removes
    it)."""
    global _assessor
    _assessor = fn


def registered_assessor() -> Callable[[object], SignupVerdict] | None:
    return _assessor


def assess(enrollment) -> SignupVerdict:
    """The verdict on a new participant, given the enrollment it signed up with."""
    if _assessor is None:
        return ALLOW
    return _assessor(enrollment)
