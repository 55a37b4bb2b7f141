"""Reads of payment reviews for the staff queue."""

from django.db.models import QuerySet

from reviews.models import PaymentReview


def reviews_of_payment(payment_id: str) -> QuerySet[PaymentReview]:
    """Every review of the payout, oldest first (the last pending one decides its fate)."""
    return PaymentReview.objects.filter(payment_id=payment_id).order_by("created_on", "id")
