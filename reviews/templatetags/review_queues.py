"""The Reviews page of the admin opens on the state of the queues: for each, how many
reviews are pending, how many of them nobody has taken, how many are the analyst's own and
how long the oldest has waited, each linking to that part of its queue."""

from django import template
from django.db.models import Count, Min, Q
from django.urls import reverse
from django.utils import timezone

from reviews.models import ParticipantReview, PaymentReview

register = template.Library()

_QUEUES = (
    ("Payment reviews", PaymentReview, "admin:reviews_paymentreview_changelist"),
    ("Participant reviews", ParticipantReview, "admin:reviews_participantreview_changelist"),
)


@register.simple_tag(takes_context=True)
def review_queues(context) -> list[dict]:
    user_id = str(context["request"].user.pk)
    rows, now = [], timezone.now()
    for label, model, route in _QUEUES:
        counts = model.objects.filter(status="pending").aggregate(
            pending=Count("pk"),
            unassigned=Count("pk", filter=Q(assignee_user_id="")),
            mine=Count("pk", filter=Q(assignee_user_id=user_id)),
            oldest=Min("created_on"),
        )
        url = f"{reverse(route)}?status__exact=pending"
        rows.append(
            {
                "label": label,
                "url": url,
                # Both queues filter by assignee (`assignee=me|none`, reviews.admin.assignees).
                "mine_url": f"{url}&assignee=me",
                "unassigned_url": f"{url}&assignee=none",
                **counts,
                "waited": now - counts["oldest"] if counts["oldest"] else None,
            }
        )
    return rows
