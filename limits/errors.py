"""Domain errors of the limits area."""

from common.errors import DomainError


class SendLimitExceeded(DomainError):
    """A payout would take the participant past a ceiling. Carries the contract dimension name,
    the ceiling (minor units, or a count) and its source, e.g. `group:VIP+platform-clamp`."""

    code = "send-limit-exceeded"
    status = 422
    title = "Send limit exceeded"
    advice = (
        "The payout would pass a send limit (the detail names the dimension, ceiling and "
        "source): send less, wait for the window to roll over, or change the limits."
    )

    def __init__(self, detail: str, *, dimension: str, ceiling: int, source: str):
        super().__init__(detail)
        self.dimension = dimension
        self.ceiling = ceiling
        self.source = source


class DuplicateLimitGroupName(DomainError):
    code = "duplicate-limit-group-name"
    status = 409
    title = "Duplicate limit group name"
    advice = "A live limit group of this provider has this name: choose another name."
