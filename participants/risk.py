"""The signup risk hook: onboarding asks the risk engine about a new participant through it.

Participants cannot import the apps above it, so `reviews` registers "assess, then open a
review" on `assessor` from its `AppConfig.ready()`. The hook is required: with nothing
registered onboarding raises instead of letting the participant through, and the system check
stops startup (`common.hooks`).
"""

from common.hooks import Hook
from common.verdicts import RiskVerdict

assessor = Hook(
    "participants.signup_assessor",
    required=True,
    filled_by="the reviews app",
    doc="Called with the enrollment a new participant signed up with, inside onboarding's "
    "transaction; answers a RiskVerdict.",
)


def assess(enrollment) -> RiskVerdict:
    """The verdict on a new participant, given the enrollment it signed up with."""
    return assessor.call(enrollment)
