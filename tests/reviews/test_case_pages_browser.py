"""The case pages, the queues and the payment page at 1400 by 900 in Chromium: nothing wider
than its container, screenshots kept (tests.page_layout). Database work happens before the
browser starts (tests.admin_browser)."""

import pytest

from tests.admin_browser import staff_page
from tests.page_layout import assert_fits
from tests.payments.test_admin import story
from tests.reviews.admin_support import staff_user
from tests.reviews.factories import cleared, payout_in_review, pending_review
from tests.reviews.test_admin_parties import RING_PHONE, busy


def history_and_commands(enrollment, review) -> None:
    """Long notes in the relationship's history and a rejected API command on the review."""
    from common.actors import Actor
    from participants import services as participant_services
    from reviews.services import commands

    for note in ("Documents requested " * 12, "Documents received and checked " * 6):
        enrollment.refresh_from_db()
        change = (
            participant_services.reactivate
            if enrollment.suspended
            else (participant_services.suspend)
        )
        kwargs = {} if enrollment.suspended else {"reason_code": "compliance-review"}
        change(
            enrollment_id=enrollment.pk, note=note, actor=Actor.system(),
            expected_version_id=enrollment.relationship_version_id, **kwargs,
        )  # fmt: skip
    command = commands.accept_assign(
        review=review, provider_assignee_id="svc-analyst-7", expected_version_id="stale",
        actor=Actor.system(),
    )  # fmt: skip
    commands.apply(command_id=command.pk)


def pep_case(provider):
    """A signup sent to review by a PEP list entry with every attribute."""
    from datetime import date

    from reviews.models import ParticipantReview
    from risk.models import RiskListEntry
    from tests.payments.factories import enroll
    from tests.risk.rules import rule

    RiskListEntry.objects.create(
        kind="pep_name", value="Paula Ortega", level="medium", date_of_birth=date(1961, 3, 14),
        country="ES", role="Member of a regional parliament " * 3, source_list="Demo PEP list",
        listed_on=date(2019, 6, 1),
    )  # fmt: skip
    rule("signal_at_least", events=("signup",), signal="pepLevel", level="medium", points=30,
         outcome="review", name="Politically exposed person")  # fmt: skip
    paula = enroll(provider, given="Paula", family="Ortega")
    return ParticipantReview.objects.get(enrollment=paula)


pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_case_pages_fit_at_1400_pixels(live_server, provider):
    staff_user("lay_analyst")
    payout, payment_review = payout_in_review(provider.provider, reason="Large first payout")
    payout.counterparty_phone = RING_PHONE
    payout.save(update_fields=["counterparty_phone"])
    sender = payout.initiator_enrollment
    busy(provider.provider, sender, n=4)
    story(payout, 3)
    participant_review = pending_review(provider.provider, sender, reason="Sign-ins " * 30)
    history_and_commands(sender, participant_review)
    cleared(pending_review(provider.provider, reason="Resolved " * 20), reason="Word " * 80)
    pep_review = pep_case(provider.provider)
    pages = {
        "payment-review": f"/admin/reviews/paymentreview/{payment_review.pk}/change/",
        "participant-review": f"/admin/reviews/participantreview/{participant_review.pk}/change/",
        "pep-review": f"/admin/reviews/participantreview/{pep_review.pk}/change/",
        "payment": f"/admin/payments/payment/{payout.pk}/change/",
        "payment-reviews": "/admin/reviews/paymentreview/",
        "participant-reviews": "/admin/reviews/participantreview/",
        "payments": "/admin/payments/payment/",
        "review-commands": "/admin/reviews/reviewcommand/",
        "reviews": "/admin/reviews/",
    }

    headings = []
    with staff_page(live_server.url, "lay_analyst") as page:
        for name, url in pages.items():
            page.goto(live_server.url + url)
            assert_fits(page, name)
            if name in ("payment-review", "participant-review"):
                headings.append(page.locator("#actions h3").all_inner_texts())

    # The decision panels: headed, in the same order on both kinds (casework, then decisions).
    assert headings[0] == ["Assignment", "Add a note", "Approve or reject the payout"]
    assert headings[1] == [
        "Assignment",
        "Add a note",
        "Suspend the participant",
        "Resolve without action",
    ]
