"""The reviews linked to risk assessments (participant reviews through their links, payment
reviews by their assessment): the assessment list's reviewIDs and the staff screens."""

from reviews.models import ParticipantReviewAssessment, PaymentReview


def _dated_links(assessment_ids: list[str], provider_id: str | None):
    links = ParticipantReviewAssessment.objects.filter(assessment_id__in=assessment_ids)
    payment_reviews = PaymentReview.objects.filter(assessment_id__in=assessment_ids)
    if provider_id is not None:
        links = links.filter(review__provider_id=provider_id)
        payment_reviews = payment_reviews.filter(provider_id=provider_id)
    return [
        *links.values_list("assessment_id", "review__created_on", "review_id"),
        *payment_reviews.values_list("assessment_id", "created_on", "id"),
    ]


def review_ids_by_assessment(provider_id: str, assessment_ids: list[str]) -> dict[str, list]:
    """The provider's reviews (participant and payment) linked to each assessment, oldest
    first."""
    found: dict[str, list[tuple]] = {}
    for assessment_id, created_on, review_id in _dated_links(assessment_ids, provider_id):
        found.setdefault(assessment_id, []).append((created_on, review_id))
    return {key: [review_id for _, review_id in sorted(rows)] for key, rows in found.items()}


def review_ids_of_assessment(assessment_id: str) -> list[str]:
    """Every provider's reviews linked to the assessment, oldest first (staff screens)."""
    return [
        review_id
        for _, _, review_id in sorted(
            _dated_links([assessment_id], None), key=lambda row: (row[1], row[2])
        )
    ]
