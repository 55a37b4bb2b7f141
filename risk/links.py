"""The reviews linked to an assessment, for the staff screens: reviews sit above this app, so
they are reached through an optional hook the reviews app fills (`common.hooks`). Empty, the
screens show no links."""

from common.hooks import Hook

review_ids = Hook(
    "risk.linked_review_ids",
    required=False,
    filled_by="the reviews app",
    doc="Called with an assessment ID; answers the IDs of every review linked to it, oldest first.",
)


def review_ids_of(assessment_id: str) -> list[str]:
    return review_ids.call(assessment_id) or []
