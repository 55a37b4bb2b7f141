"""Reads of participant reviews, always starting from the calling provider."""

from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, Value
from django.db.models.functions import Concat

from common.errors import NotFound
from common.search import SearchTerm
from limits.models import LimitGroupMembership
from participants.models import Phone
from participants.selectors import find_enrollment
from reviews.models import ParticipantReview, ParticipantReviewAssessment, ReviewCommand, ReviewNote
from risk.models import RiskAssessment


@dataclass(frozen=True)
class ReviewFilters:
    status: str = ParticipantReview.Status.PENDING
    q: SearchTerm | None = None
    participant: str = ""  # participantID or externalID, as given
    limit_group_id: str = ""

    def binding(self) -> dict:
        """What a cursor is bound to."""
        return {
            "status": self.status,
            "q": self.q.raw if self.q else None,
            "participant": self.participant,
            "limitGroupID": self.limit_group_id,
        }


def reviews_for(provider_id: str) -> QuerySet[ParticipantReview]:
    return ParticipantReview.objects.filter(provider_id=provider_id)


def with_rendering(queryset: QuerySet[ParticipantReview]) -> QuerySet[ParticipantReview]:
    """What a review renders: the enrollment (externalID, relationship) from the same row
    read as the review, and its assessment links in the order they were made."""
    return queryset.select_related("enrollment").prefetch_related(
        Prefetch(
            "participantreviewassessment_set",
            queryset=ParticipantReviewAssessment.objects.order_by("added_on", "id"),
            to_attr="assessment_links",
        )
    )


def _search(term: SearchTerm) -> Q:
    condition = (
        Q(pk=term.raw)
        | Q(enrollment__given_name__icontains=term.raw)
        | Q(enrollment__family_name__icontains=term.raw)
        | Q(search_full_name__icontains=term.raw)
    )
    if term.is_phone:
        condition |= Q(
            Exists(
                Phone.objects.filter(
                    enrollment=OuterRef("enrollment"), e164__contains=term.phone_digits
                )
            )
        )
    if term.participant_id:
        condition |= Q(participant_id=term.participant_id)
    if term.external_id:
        condition |= Q(enrollment__external_id=term.external_id)
    return condition


def search(queryset: QuerySet[ParticipantReview], term: SearchTerm) -> QuerySet[ParticipantReview]:
    """The reviews `q` matches (the list's rules; the admin queue's search box uses them too):
    an exact reviewID, a name substring, a phone fragment's digits, an exact participantID or
    externalID. Emails are never searched."""
    return queryset.annotate(
        search_full_name=Concat("enrollment__given_name", Value(" "), "enrollment__family_name")
    ).filter(_search(term))


def in_limit_group(group_id: str, *, provider_id: str | None = None) -> Exists:
    """Reviews whose participant has an active membership in the (live) group."""
    memberships = LimitGroupMembership.objects.filter(
        enrollment=OuterRef("enrollment"),
        group_id=group_id,
        group__deleted_on__isnull=True,
        ended_on__isnull=True,
    )
    if provider_id is not None:
        memberships = memberships.filter(group__provider_id=provider_id)
    return Exists(memberships)


def list_reviews(provider_id: str, filters: ReviewFilters) -> QuerySet[ParticipantReview]:
    queryset = reviews_for(provider_id).filter(status=filters.status)
    if filters.participant:
        enrollment = find_enrollment(provider_id, filters.participant)
        if enrollment is None:
            return queryset.none()
        queryset = queryset.filter(enrollment=enrollment)
    if filters.limit_group_id:
        queryset = queryset.filter(in_limit_group(filters.limit_group_id, provider_id=provider_id))
    if filters.q:
        queryset = search(queryset, filters.q)
    return with_rendering(queryset)


def get_review(provider_id: str, review_id: str) -> ParticipantReview:
    """The review with its notes, or NotFound (also for another provider's)."""
    review = (
        with_rendering(reviews_for(provider_id))
        .prefetch_related(
            Prefetch("notes", queryset=ReviewNote.objects.order_by("created_on", "id"))
        )
        .filter(pk=review_id)
        .first()
    )
    if review is None:
        raise NotFound("No participant review with that ID exists for this provider.")
    return review


# ---- staff screens (every provider's reviews) -------------------------------------------


def linked_assessments(review_id: str) -> list[RiskAssessment]:
    """The review's assessments in the order they were linked."""
    links = (
        ParticipantReviewAssessment.objects.filter(review_id=review_id)
        .select_related("assessment")
        .order_by("added_on", "id")
    )
    return [link.assessment for link in links]


def notes_of(review_id: str) -> QuerySet[ReviewNote]:
    return ReviewNote.objects.filter(review_id=review_id).order_by("created_on", "id")


def commands_of(review_id: str) -> QuerySet[ReviewCommand]:
    """The accepted-later commands that reached the review, with how each was applied."""
    return ReviewCommand.objects.filter(review_id=review_id).order_by("created_on", "id")
