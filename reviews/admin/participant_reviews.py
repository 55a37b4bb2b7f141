"""Participant reviews in the admin queue.

The queue lists every provider's reviews, pending first, then newest. The detail page shows
what an analyst decides on (the participant, the relationship and its history, the linked
assessments, the payments on hold, the notes) with the actions beside it: assign, note,
resolve as no_action, suspend. Each action calls the service the API calls, with the review
version (and, for decisions, the relationship version) the page was rendered with. The actor
is the staff user acting for the review's provider.
"""

from django import forms
from django.contrib import admin, messages
from django.db.models import (
    Case,
    Count,
    IntegerField,
    JSONField,
    OuterRef,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from common.actors import Actor
from common.errors import InvalidRequest
from common.search import search_term
from limits.models import LimitGroup
from participants.models import ReasonCode
from participants.selectors import relationship_history
from reviews.admin.assignees import AssigneeFilter, staff_named
from reviews.admin.casework import CASEWORK_FORMS, CaseworkAdmin
from reviews.admin.forms import ReviewVersionForm
from reviews.admin.history import participant_panels
from reviews.admin.queue import (
    Outcome,
    actor_label,
    assessment_context,
    rules_fired,
    status_mark,
)
from reviews.models import ParticipantReview, ParticipantReviewAssessment
from reviews.selectors import participant_reviews as selectors
from reviews.services import next_case
from reviews.services import participant_reviews as services
from risk.case_file import words
from risk.models import LEVEL_ORDER


def _level_rank(field: str) -> Case:
    return Case(
        *(When(**{field: level}, then=Value(rank)) for rank, level in enumerate(LEVEL_ORDER, 1)),
        default=Value(0),
        output_field=IntegerField(),
    )


def level_label(rank: int | None) -> str:
    """The level of a rank from `_level_rank` ("" for none recorded)."""
    return LEVEL_ORDER[rank - 1].replace("_", " ") if rank else ""


def _engine_reason(assessment) -> str:
    """A review the engine opened without a written reason: the rules its assessment fired."""
    fired = rules_fired(assessment.rules)
    if fired:
        return fired
    score = "not recorded" if assessment.score is None else f"{assessment.score:g}"
    return f"No rule counted (risk score {score})"


# ---- filters ---------------------------------------------------------------------------


class LimitGroupFilter(admin.SimpleListFilter):
    """Reviews whose participant is an active member of a live limit group."""

    title = "limit group"
    parameter_name = "limit_group"

    def lookups(self, request, model_admin):
        groups = LimitGroup.objects.filter(deleted_on__isnull=True).select_related("provider")
        provider_id = request.GET.get("provider")
        if provider_id:
            groups = groups.filter(provider_id=provider_id)
        groups = groups.order_by("provider__name", "name")
        choices = [(group.pk, f"{group.name} ({group.provider.name})") for group in groups]
        if self.value() and self.value() not in dict(choices):
            # A group deleted since the link was made: still filter (to nobody), say why.
            choices.append((self.value(), f"{self.value()} (not a live group)"))
        return choices

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(selectors.in_limit_group(self.value()))
        return queryset


# ---- action forms ----------------------------------------------------------------------


class DecisionForm(ReviewVersionForm):
    carried = ("expected_version_id", "expected_relationship_version_id")
    expected_relationship_version_id = forms.CharField(widget=forms.HiddenInput, max_length=64)


class NoActionForm(DecisionForm):
    reason = forms.CharField(
        max_length=512,
        label="Why no action",
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Required. Closing never reactivates a suspended relationship.",
    )


class SuspendForm(DecisionForm):
    reason_code = forms.ChoiceField(
        choices=[("", "Choose a reason code…"), *ReasonCode.choices], label="Reason code"
    )
    reason = forms.CharField(
        max_length=512,
        label="Reason",
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Recorded on the review and in the relationship's history.",
    )


# ---- the queue -------------------------------------------------------------------------


@admin.register(ParticipantReview)
class ParticipantReviewAdmin(CaseworkAdmin):
    detail_template = "admin/reviews/participantreview/detail.html"
    action_forms = {**CASEWORK_FORMS, "no_action": NoActionForm, "suspend": SuspendForm}
    assign_review = staticmethod(services.assign)
    next_case_queue = next_case.PARTICIPANT
    add_note = staticmethod(services.add_note)
    list_display = (
        "review_column",
        "participant_column",
        "provider_name",
        "status_label",
        "suspended",
        "assignee",
        "assessment_column",
        "age",
    )
    list_filter = (*CaseworkAdmin.list_filter, AssigneeFilter, LimitGroupFilter)
    list_select_related = ("enrollment", "provider")
    search_fields = ("id",)  # the box; get_search_results applies the API's q rules
    search_help_text = (
        "An exact review ID; part of the given, family or full name; a phone fragment (at "
        "least 3 digits); an exact participantID (…_user) or externalID. Emails are not "
        "searched."
    )

    def get_queryset(self, request):
        links = ParticipantReviewAssessment.objects.filter(review=OuterRef("pk")).order_by()
        count = links.values("review").annotate(n=Count("*")).values("n")
        top = links.annotate(rank=_level_rank("assessment__level")).order_by("-rank")
        opening = links.order_by("added_on", "id").values("assessment__rules")[:1]
        return (
            super()
            .get_queryset(request)
            .select_related("enrollment", "provider", "participant")
            .annotate(
                assessment_count=Coalesce(Subquery(count), 0),
                top_level_rank=Coalesce(Subquery(top.values("rank")[:1]), 0),
                assignee_name=staff_named(OuterRef("assignee_user_id")),
                # The first linked assessment opened the review when no reason was written.
                opening_rules=Subquery(opening, output_field=JSONField()),
            )
        )

    def get_search_results(self, request, queryset, search_term_value):
        try:
            term = search_term(search_term_value)
        except InvalidRequest as exc:
            messages.warning(request, f"Search not run: {exc.detail}")
            return queryset.none(), False
        if term is None:
            return queryset, False
        return selectors.search(queryset, term), False

    def reason_of(self, review):
        return review.reason or rules_fired(getattr(review, "opening_rules", None))

    # ---- columns ----------------------------------------------------------------------

    @admin.display(description="participant", ordering="enrollment__family_name")
    def participant_column(self, review):
        return format_html(
            '{}<br><span class="quiet">{}</span>',
            review.enrollment.full_name,
            review.enrollment.external_id,
        )

    @admin.display(description="status", ordering="status")
    def status_label(self, review):
        if review.status == ParticipantReview.Status.PENDING:
            return status_mark(review.status)
        return status_mark(review.status, f"resolved: {words(review.resolution_action)}")

    @admin.display(description="assignee", ordering="assignee_user_id")
    def assignee(self, review):
        if review.provider_assignee_id:
            # The provider's own identifier: never looked up among staff users.
            return f"Provider's assignee: {review.provider_assignee_id}"
        if not review.assignee_user_id:
            return "—"
        return review.assignee_name or f"User ID {review.assignee_user_id}"

    @admin.display(description="risk", ordering="-top_level_rank")
    def assessment_column(self, review):
        if not review.assessment_count:
            return "—"
        level = level_label(review.top_level_rank)
        count = review.assessment_count
        noun = "assessment" if count == 1 else "assessments"
        return f"{level} ({count} {noun})" if level else f"{count} {noun}, no level"

    @admin.display(description="relationship", ordering="enrollment__suspended")
    def suspended(self, review):
        if review.enrollment.suspended:
            return mark_safe('<span class="review-badge is-bad">Suspended</span>')
        return mark_safe('<span class="quiet">active</span>')

    # ---- detail -----------------------------------------------------------------------

    def detail_context(self, request, review):
        enrollment = review.enrollment
        resolver = None
        if review.status == ParticipantReview.Status.RESOLVED:
            resolver = actor_label(Actor.from_fields(review, prefix="resolver_"))
        history = [
            {"action": action, "actor": actor_label(action.actor)}
            for action in relationship_history(enrollment.pk)
        ]
        notes = [
            {"note": note, "actor": actor_label(note.actor)}
            for note in selectors.notes_of(review.pk)
        ]
        commands = [
            {"command": command, "actor": actor_label(command.actor)}
            for command in selectors.commands_of(review.pk)
        ]
        linked = selectors.linked_assessments(review.pk)
        opened_by = linked[0] if linked and not review.reason else None
        return {
            "title": f"Participant review {review.pk}",
            "subtitle": f"{enrollment.full_name} · {review.provider.name}",
            "review": review,
            "enrollment": enrollment,
            "phones": enrollment.phones.order_by("id"),
            "assignee_label": self.assignee(review),
            "engine_reason": _engine_reason(opened_by) if opened_by else "",
            "resolver": resolver,
            "history": history,
            "assessments": [assessment_context(a) for a in linked],
            "notes": notes,
            "commands": commands,
            "assigned_to_me": review.assignee_user_id == str(request.user.pk),
            "resolution_reason_code_label": dict(ReasonCode.choices).get(
                review.resolution_reason_code, review.resolution_reason_code
            ),
            **participant_panels(
                provider_id=review.provider_id,
                participant_id=review.participant_id,
                review_id=review.pk,
                linked_assessment_ids=[a.pk for a in linked],
            ),
        }

    def initial(self, review):
        return {
            "expected_version_id": review.version_id,
            "expected_relationship_version_id": review.enrollment.relationship_version_id,
        }

    def decide(self, review, action, data, *, versions, actor):
        relationship = {
            "expected_relationship_version_id": data["expected_relationship_version_id"]
        }
        if action == "no_action":
            services.resolve_no_action(
                **versions, **relationship, reason=data["reason"], actor=actor
            )
            return Outcome(
                "Resolved with no action. The relationship is unchanged.",
                "Resolved: no_action.",
            )
        services.suspend_from_review(
            **versions,
            **relationship,
            reason=data["reason"],
            reason_code=data["reason_code"],
            actor=actor,
        )
        return Outcome(
            f"Resolved: suspended. {review.enrollment.full_name} can no longer send payouts or "
            f"create requests through {review.provider.name}.",
            f"Resolved: suspend ({data['reason_code']}).",
        )
