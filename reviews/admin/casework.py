"""What an analyst does on either review queue before deciding: assign the review (to
themselves or another analyst) and add a note.

`CaseworkAdmin` answers those actions through the queue's own services (`assign_review`,
`add_note`, given by each queue) with the review version the page was rendered with, and
leaves the decisions to the queue's `decide`.
"""

from common.actors import Actor
from reviews.admin.forms import AssignForm, AssignToMeForm, NoteForm, analysts, user_label
from reviews.admin.queue import Outcome, ReviewQueueAdmin

# The casework actions' forms, first on every queue's page.
CASEWORK_FORMS = {"assign_me": AssignToMeForm, "assign": AssignForm, "note": NoteForm}


class CaseworkAdmin(ReviewQueueAdmin):
    """A queue whose reviews are assigned and annotated. Subclasses give `assign_review` and
    `add_note` (services taking the review's versions) and `decide`."""

    assign_review = None
    add_note = None

    def action_form_kwargs(self, request, review, action):
        return {"assignees": analysts()} if action == "assign" else {}

    def perform(self, request, review, action, data):
        actor = Actor.user(request.user, provider_id=review.provider_id)
        versions = {
            "provider_id": review.provider_id,
            "review_id": review.pk,
            "expected_version_id": data["expected_version_id"],
        }
        if action in ("assign_me", "assign"):
            user = request.user if action == "assign_me" else data["assignee"]
            self.assign_review(**versions, assignee_user_id=str(user.pk))
            name = "you" if user.pk == request.user.pk else user_label(user)
            return Outcome(
                f"Assigned to {name}.", f"Assigned to {user_label(user)} (user {user.pk})."
            )
        if action == "note":
            self.add_note(**versions, text=data["text"], actor=actor)
            return Outcome("Note added.", "Added a note.")
        return self.decide(review, action, data, versions=versions, actor=actor)

    def decide(self, review, action: str, data: dict, *, versions: dict, actor: Actor) -> Outcome:
        raise NotImplementedError
