"""The analysts' review queues in the Django admin, one module per screen (the risk screens
are the risk app's)."""

from reviews.admin import participant_reviews, payment_reviews  # noqa: F401
