"""The reviews and risk assessments of a payment, for the staff payment page: both sit above
this app, so they are reached through an optional hook the reviews app fills
(`common.hooks`). Empty, the page lists none."""

from common.hooks import Hook

case_links = Hook(
    "payments.case_links",
    required=False,
    filled_by="the reviews app",
    doc=(
        "Called with a payment ID; answers its reviews and risk assessments, oldest first, as "
        "dicts with kind, id, status, detail, on (a datetime) and url (the staff page)."
    ),
)


def links_of(payment_id: str) -> list[dict]:
    return case_links.call(payment_id) or []
