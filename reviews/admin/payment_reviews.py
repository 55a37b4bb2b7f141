"""Payment reviews in the admin queue.

A payout put in review waits on hold until its reviews are resolved. The page shows the payout
(amount, parties, hold) and the assessment that put it there; the analyst approves or rejects
through `resolve_payment_review`, the service the API calls, acting for the review's provider.
Rejecting the last pending review of an authorized or accepted payout cancels it.
"""

from django import forms
from django.contrib import admin
from django.db.models import OuterRef
from django.utils.html import format_html

from common.money import amount_json
from common.words import words
from payments.models import PayoutStatus
from reviews.admin.assignees import AssigneeFilter, staff_named
from reviews.admin.casework import CASEWORK_FORMS, CaseworkAdmin
from reviews.admin.forms import ReviewVersionForm
from reviews.admin.history import devices_of, history_of
from reviews.admin.queue import (
    Outcome,
    actor_label,
    assessment_context,
    payment_context,
    rules_fired,
    status_mark,
)
from reviews.models import PaymentReview
from reviews.selectors.payment_reviews import reviews_of_payment
from reviews.services import next_case
from reviews.services import payment_reviews as services


class ResolveForm(ReviewVersionForm):
    resolution = forms.ChoiceField(
        choices=[
            (PaymentReview.Status.APPROVED, "Approve"),
            (PaymentReview.Status.REJECTED, "Reject"),
        ]
    )
    rejection_reason = forms.ChoiceField(
        required=False,
        choices=[("", "Choose a reason…"), *PaymentReview.RejectionReason.choices],
        label="Reason for a rejection",
    )
    notes = forms.CharField(
        required=False,
        max_length=512,
        label="Notes (optional)",
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def clean(self):
        data = super().clean()
        rejecting = data.get("resolution") == PaymentReview.Status.REJECTED
        if rejecting and not data.get("rejection_reason"):
            self.add_error("rejection_reason", "A rejection needs its reason.")
        if not rejecting:
            data["rejection_reason"] = ""  # an approval records none, whatever was chosen
        return data


@admin.register(PaymentReview)
class PaymentReviewAdmin(CaseworkAdmin):
    detail_template = "admin/reviews/paymentreview/detail.html"
    action_forms = {**CASEWORK_FORMS, "resolve": ResolveForm}
    assign_review = staticmethod(services.assign_payment_review)
    next_case_queue = next_case.PAYMENT
    add_note = staticmethod(services.add_payment_review_note)
    list_display = (
        "review_column",
        "payout_column",
        "amount",
        "parties",
        "risk_column",
        "status_label",
        "assignee",
        "age",
    )
    list_filter = (*CaseworkAdmin.list_filter, AssigneeFilter)
    list_select_related = ("payment", "provider")
    search_fields = ("=id", "=payment__id", "=payment__reference_number")
    search_help_text = "An exact review ID, payout ID or reference number."

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("payment", "provider", "assessment", "payment__initiator_enrollment")
            .annotate(assignee_name=staff_named(OuterRef("assignee_user_id")))
        )

    def reason_of(self, review):
        fired = rules_fired(review.assessment.rules) if review.assessment_id else ""
        return fired or review.reason

    @admin.display(description="payout", ordering="payment_id")
    def payout_column(self, review):
        # The ID's end, whole (the full ID on hover and on the page); nothing breaks mid-word.
        return format_html(
            '<span class="review-id" title="{}">…{}</span><br>'
            '<span class="quiet review-nowrap">{}</span> <span class="review-nowrap">{}</span>',
            review.payment_id,
            review.payment_id[-8:],
            review.payment.reference_number,
            words(review.payment.status),
        )

    @admin.display(description="amount", ordering="payment__amount_minor")
    def amount(self, review):
        return payment_context(review.payment)["amount"]

    @admin.display(description="sender → recipient", ordering="payment__initiator_name")
    def parties(self, review):
        """Who sent to whom, through which provider: one column, so the queue fits 1400 px."""
        payout = review.payment
        return format_html(
            '{}<br><span class="quiet">to</span> <span class="review-nowrap">{}</span><br>'
            '<span class="quiet">{}</span>',
            payout.initiator_name or payout.initiator_participant_id,
            payout.counterparty_name or payout.counterparty_phone or "—",
            review.provider.name,
        )

    @admin.display(description="risk", ordering="-assessment__score")
    def risk_column(self, review):
        """The assessment's score over its level: what put the payout here, at a glance."""
        assessment = review.assessment
        if assessment is None or assessment.score is None:
            return "—"
        return format_html(
            '<span class="review-nowrap">{}</span><br><span class="quiet">{}</span>',
            f"{assessment.score:g}",
            words(assessment.level) or "no level",
        )

    @admin.display(description="status", ordering="status")
    def status_label(self, review):
        return status_mark(review.status)

    @admin.display(description="assignee", ordering="assignee_user_id")
    def assignee(self, review):
        if not review.assignee_user_id:
            return "—"
        return getattr(review, "assignee_name", None) or f"User ID {review.assignee_user_id}"

    def detail_context(self, request, review):
        payout = review.payment
        amount = amount_json(payout.amount_minor, payout.currency)
        others = [other for other in reviews_of_payment(payout.pk) if other.pk != review.pk]
        return {
            "title": f"Payment review {review.pk}",
            "subtitle": f"{amount['value']} {payout.currency} from {payout.initiator_name} · "
            f"{review.provider.name}",
            "review": review,
            "rules_fired": rules_fired(review.assessment.rules) if review.assessment_id else "",
            "payout": payout,
            "payout_url": payment_context(payout)["url"],
            "amount": f"{amount['value']} {payout.currency}",
            "sender": payout.initiator_enrollment,
            "sender_name": payout.initiator_enrollment.full_name,
            "assessment": assessment_context(review.assessment) if review.assessment else None,
            "devices": devices_of(review.assessment_id) if review.assessment_id else [],
            "others": others,
            "resolver": actor_label(review.actor) if review.resolved_on else None,
            "assignee_label": self.assignee(review),
            "assigned_to_me": review.assignee_user_id == str(request.user.pk),
            "notes": [
                {"note": note, "actor": actor_label(note.actor)} for note in review.case_notes.all()
            ],
            **history_of(review),
        }

    def initial(self, review):
        return {"expected_version_id": review.version_id}

    def decide(self, review, action, data, *, versions, actor):
        resolution = data["resolution"]
        services.resolve_payment_review(
            **versions,
            resolution=resolution,
            notes=data["notes"],
            rejection_reason=data["rejection_reason"],
            actor=actor,
        )
        payout = review.payment
        payout.refresh_from_db()
        pending = reviews_of_payment(payout.pk).filter(status=PaymentReview.Status.PENDING)
        if pending.exists():
            after = "the payout stays on hold until its other reviews are resolved."
        elif payout.status == PayoutStatus.CANCELLED:
            after = "the payout is cancelled and its hold released."
        elif payout.hold_active:
            after = f"the payout is {payout.status}."
        else:
            after = f"the payout is off hold ({payout.status})."
        verb = "Approved" if resolution == PaymentReview.Status.APPROVED else "Rejected"
        why = f" ({data['rejection_reason']})" if data["rejection_reason"] else ""
        return Outcome(f"{verb}: {after}", f"Resolved: {resolution}{why}.")
