"""Reads of the accepted-later (202) review commands, always starting from the calling
provider."""

from common.errors import NotFound
from reviews.models import ReviewCommand


def get_command(provider_id: str, command_id: str) -> ReviewCommand:
    """The provider's command, or NotFound (also for another provider's)."""
    command = ReviewCommand.objects.filter(provider_id=provider_id, pk=command_id).first()
    if command is None:
        raise NotFound("No review command with that ID exists for this provider.")
    return command
