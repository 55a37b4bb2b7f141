"""The analysts' verdicts on the reviews opened from risk assessments, with the rules each
assessment recorded (risk.rule_precision reads them through its hook)."""

from datetime import datetime

from reviews.models import ParticipantReview, ParticipantReviewAssessment, PaymentReview

PARTICIPANT_VERDICTS = {
    ParticipantReview.Action.SUSPEND: "rejected",
    ParticipantReview.Action.NO_ACTION: "approved",
}


def resolved_review_verdicts(since: datetime):
    """(kind, review ID, 'rejected' | 'approved', the assessment's rules) for every resolved
    review linked to an assessment made since `since`; streamed."""
    payments = PaymentReview.objects.filter(
        status__in=PaymentReview.RESOLUTIONS, assessment__assessed_on__gte=since
    ).values_list("id", "status", "assessment__rules")
    for review_id, status, rules in payments.iterator(chunk_size=2000):
        yield "payment", review_id, status, rules
    links = ParticipantReviewAssessment.objects.filter(
        review__status=ParticipantReview.Status.RESOLVED,
        review__resolution_action__in=PARTICIPANT_VERDICTS,
        assessment__assessed_on__gte=since,
    ).values_list("review_id", "review__resolution_action", "assessment__rules")
    for review_id, action, rules in links.iterator(chunk_size=2000):
        yield "participant", review_id, PARTICIPANT_VERDICTS[action], rules
