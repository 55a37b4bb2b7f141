"""A payment's reviews and risk assessments as links for the staff payment page (fills the
`payments.case_links` hook): its payment reviews, the participant reviews its assessments
were added to (a request's review is of the requester), and the assessments. Three queries."""

from django.urls import reverse

from reviews.models import ParticipantReviewAssessment, PaymentReview
from risk.case_file import DECISION_WORDS, words
from risk.models import RiskAssessment


def links_of_payment(payment_id: str) -> list[dict]:
    links = []
    assessments = list(RiskAssessment.objects.filter(payment_id=payment_id))
    for assessment in assessments:
        decision = DECISION_WORDS.get(assessment.decision, words(assessment.decision))
        links.append(
            {
                "kind": "risk assessment",
                "id": assessment.pk,
                "status": decision,
                "detail": f"score {assessment.score:g} of 100, {words(assessment.level)} risk",
                "on": assessment.assessed_on,
                "url": reverse("admin:risk_riskassessment_change", args=[assessment.pk]),
            }
        )
    for review in PaymentReview.objects.filter(payment_id=payment_id):
        links.append(
            {
                "kind": "payment review",
                "id": review.pk,
                "status": review.status,
                "detail": review.reason,
                "on": review.created_on,
                "url": reverse("admin:reviews_paymentreview_change", args=[review.pk]),
            }
        )
    participant_links = ParticipantReviewAssessment.objects.filter(
        assessment__in=[a.pk for a in assessments]
    ).select_related("review")
    for link in participant_links:
        review = link.review
        status = review.status
        if review.resolution_action:
            status = f"resolved: {words(review.resolution_action)}"
        links.append(
            {
                "kind": "participant review",
                "id": review.pk,
                "status": status,
                "detail": review.reason,
                "on": review.created_on,
                "url": reverse("admin:reviews_participantreview_change", args=[review.pk]),
            }
        )
    return sorted(links, key=lambda link: link["on"])
