"""The analysts' review queues in the Django admin, one module per screen (the risk screens
are the risk app's): `participant_reviews`, `payment_reviews` and the API's review
`commands`; `queue` and `casework` are what the two queues share."""

from reviews.admin import commands, participant_reviews, payment_reviews  # noqa: F401
