"""Domain errors of the payments lifecycle."""

from common.errors import StateConflict


class IllegalTransition(StateConflict):
    """The payment's status does not allow the requested change."""


class ParticipantSuspended(StateConflict):
    """The provider suspended its relationship with the participant."""


class ParticipantNotActive(StateConflict):
    """The participant is not active (pending onboarding, denied or disabled)."""
