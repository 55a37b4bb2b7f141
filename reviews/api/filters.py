"""The participant review list's query as a FilterSet (see api.filters)."""

from api.filters import ProviderFilterSet, parsed, stripped
from common.errors import BadRequest
from common.search import search_term
from reviews.models import ParticipantReview
from reviews.selectors import participant_reviews as review_selectors

STATUSES = list(ParticipantReview.Status.values)
Q_DESCRIPTION = (
    "Trimmed. An exact reviewID; a case-insensitive substring of the "
    "participant's given, family or full name; a phone fragment (digits and "
    "+ ( ) . - and spaces, at least 3 digits) of its phone; an exact "
    "participantID (ending `_user`) or exact externalID. Emails are not "
    "searched."
)


def _status(value: str) -> str:
    if value not in STATUSES:
        raise BadRequest("status must be pending or resolved.")
    return value


class ParticipantReviewFilterSet(ProviderFilterSet):
    status = parsed(
        {"type": "string", "enum": STATUSES},
        _status,
        absent=ParticipantReview.Status.PENDING,
        description="Default pending",
    )
    q = parsed({"type": "string", "maxLength": 100}, search_term, description=Q_DESCRIPTION)
    participantID = parsed(
        {"type": "string"}, stripped, absent="", description="participantID or externalID"
    )
    limitGroupID = parsed(
        {"type": "string"},
        stripped,
        absent="",
        description="Participants with an active membership",
    )

    def review_filters(self) -> review_selectors.ReviewFilters:
        values = self.values()
        return review_selectors.ReviewFilters(
            status=values["status"],
            q=values["q"],
            participant=values["participantID"],
            limit_group_id=values["limitGroupID"],
        )
