"""The analysts' review queue and the risk screens in the Django admin, one module per screen."""

from reviews.admin import participant_reviews, payment_reviews, risk  # noqa: F401
