"""What an analyst does on either review queue before deciding: assign the review (to
themselves or another analyst) and add a note (any analyst, whoever is assigned).

`CaseworkAdmin` answers those actions through the queue's own services (`assign_review`,
`add_note`, given by each queue) with the review version the page was rendered with, and
leaves the decisions to the queue's `decide`.
"""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import path, reverse

from common.actors import Actor
from reviews.admin.forms import AssignForm, AssignToMeForm, NoteForm, analysts, user_label
from reviews.admin.queue import Outcome, ReviewQueueAdmin
from reviews.services import next_case

# The casework actions' forms, first on every queue's page.
CASEWORK_FORMS = {"assign_me": AssignToMeForm, "assign": AssignForm, "note": NoteForm}


class CaseworkAdmin(ReviewQueueAdmin):
    """A queue whose reviews are assigned and annotated. Subclasses give `assign_review` and
    `add_note` (services taking the review's versions) and `decide`."""

    assign_review = None
    add_note = None
    next_case_queue: next_case.Queue | None = None  # the queue "Next case" takes from
    change_list_template = "admin/reviews/queue_change_list.html"

    def get_urls(self):
        opts = self.model._meta
        take = self.admin_site.admin_view(self.next_case_view)
        name = f"{opts.app_label}_{opts.model_name}_next"
        return [path("next/", take, name=name), *super().get_urls()]

    def changelist_view(self, request, extra_context=None):
        opts = self.model._meta
        url = ""
        if self.has_act_permission(request):
            url = reverse(
                f"admin:{opts.app_label}_{opts.model_name}_next", current_app=self.admin_site.name
            )
        return super().changelist_view(request, {**(extra_context or {}), "next_case_url": url})

    def next_case_view(self, request):
        """Take the oldest untaken pending review (assigned to the analyst) and open it."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not self.has_act_permission(request):
            raise PermissionDenied
        review = next_case.take_next(self.next_case_queue, assignee_user_id=str(request.user.pk))
        if review is None:
            messages.info(request, "No case is waiting: every pending review is taken.")
            opts = self.model._meta
            return HttpResponseRedirect(
                reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
                + "?status__exact=pending"
            )
        self.log_change(request, review, f"Took as the next case (user {request.user.pk}).")
        messages.success(request, "Assigned to you: the oldest case nobody had taken.")
        return HttpResponseRedirect(self.detail_url(review))

    def action_form_kwargs(self, request, review, action):
        return {"assignees": analysts()} if action == "assign" else {}

    def perform(self, request, review, action, data):
        actor = Actor.user(request.user, provider_id=review.provider_id)
        if action == "note":
            # Any analyst on the case adds to its file, whoever holds it and whatever changed
            # since the page was read: a note decides nothing, so no version is checked.
            self.add_note(
                provider_id=review.provider_id, review_id=review.pk, text=data["text"], actor=actor
            )
            return Outcome("Note added.", "Added a note.")
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
        return self.decide(review, action, data, versions=versions, actor=actor)

    def decide(self, review, action: str, data: dict, *, versions: dict, actor: Actor) -> Outcome:
        raise NotImplementedError
