"""What both kinds of review ask of a new note, now that no version is checked for it."""

from common.actors import Actor
from common.errors import StateConflict


def refuse_repeat(notes, *, text: str, actor: Actor) -> None:
    """A second click on the same form (the same text by the same author as the review's
    latest note) adds nothing. The caller holds the review's lock, so clicks queue behind it."""
    latest = notes.order_by("-created_on", "-id").values("text", "actor_user_id").first()
    if latest == {"text": text, "actor_user_id": actor.user_id or ""}:
        raise StateConflict("That note is already the latest on the case.")
