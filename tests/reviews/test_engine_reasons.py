"""A review the risk engine opened names the rules its assessment fired, read from the
assessment's stored rule results, on the queue's row and on the case page."""

import pytest

from reviews.models import PaymentReview
from tests.payments.factories import enroll
from tests.reviews.admin_support import logged_in
from tests.reviews.factories import payout_in_review, pending_review
from tests.risk.factories import assessment

pytestmark = pytest.mark.django_db

FIRED = [
    {"ruleID": 1, "name": "Large payment", "isLive": True, "isAllowlisted": False},
    {"ruleID": 2, "name": "New phone", "isLive": True, "isAllowlisted": False},
    {"ruleID": 3, "name": "Shadow rule", "isLive": False, "isAllowlisted": False},
    {"ruleID": 4, "name": "Allowlisted rule", "isLive": True, "isAllowlisted": True},
]
NAMED = "Rules fired: Large payment, New phone"


def flat(response) -> str:
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def test_an_engine_opened_participant_review_names_the_rules_that_fired(provider, analyst):
    enrollment = enroll(provider.provider)
    found = assessment(
        provider_id=provider.id, participant_id=enrollment.participant_id, rules=FIRED
    )
    review = pending_review(provider.provider, enrollment, reason="", assessment_id=found.pk)
    client = logged_in(analyst)

    page = flat(client.get(f"/admin/reviews/participantreview/{review.pk}/change/"))
    assert f'<dt>Reason</dt><dd class="review-text">Opened by a risk assessment. {NAMED}.' in page
    assert "without a written reason" not in page
    queue = flat(client.get("/admin/reviews/participantreview/"))
    assert f'<span class="review-reason">{NAMED}</span>' in queue
    # Shadow and allowlisted rules fired but did not count: not the reason.
    assert "Shadow rule" not in queue and "Allowlisted rule" not in queue


def test_a_written_reason_stays_the_reason(provider, analyst):
    enrollment = enroll(provider.provider)
    found = assessment(
        provider_id=provider.id, participant_id=enrollment.participant_id, rules=FIRED
    )
    review = pending_review(provider.provider, enrollment, assessment_id=found.pk)
    page = flat(logged_in(analyst).get(f"/admin/reviews/participantreview/{review.pk}/change/"))
    assert '<dt>Reason</dt><dd class="review-text">Unusual activity</dd>' in page


def test_an_assessment_that_counted_no_rule_says_so_with_its_score(provider, analyst):
    enrollment = enroll(provider.provider)
    found = assessment(
        provider_id=provider.id, participant_id=enrollment.participant_id, rules=FIRED[2:]
    )
    review = pending_review(provider.provider, enrollment, reason="", assessment_id=found.pk)
    page = flat(logged_in(analyst).get(f"/admin/reviews/participantreview/{review.pk}/change/"))
    assert "Opened by a risk assessment. No rule counted (risk score 62)." in page


def test_a_payment_review_names_the_rules_over_the_engines_details(provider, analyst):
    _, review = payout_in_review(provider.provider, reason="amount 800.00 USD ≥ 250.00 USD")
    review.assessment.rules = FIRED
    review.assessment.save(update_fields=["rules"])
    client = logged_in(analyst)

    page = flat(client.get(f"/admin/reviews/paymentreview/{review.pk}/change/"))
    assert (
        f'<dt>Reason</dt><dd class="review-text"><strong>{NAMED}.</strong><br>'
        "amount 800.00 USD ≥ 250.00 USD</dd>"
    ) in page
    queue = flat(client.get("/admin/reviews/paymentreview/"))
    assert f'<span class="review-reason">{NAMED}</span>' in queue
    assert PaymentReview.objects.get(pk=review.pk).reason == "amount 800.00 USD ≥ 250.00 USD"
