"""A participant review's page in the admin: what it shows, and every action going through the
services with the versions the page was rendered with."""

import pytest
from django.contrib.admin.models import LogEntry

from common.actors import Actor
from participants import services as participant_services
from participants.models import RelationshipAction
from reviews.models import ParticipantReview, ReviewCommand, ReviewNote
from reviews.services import commands
from reviews.services import participant_reviews as services
from tests.payments.factories import enroll as person
from tests.payments.factories import make_payment
from tests.reviews.admin_support import AUDITOR, assert_acted_by, logged_in, staff_user
from tests.reviews.factories import pending_review
from tests.risk.factories import assessment

pytestmark = pytest.mark.django_db

SYSTEM = Actor.system()
CONFLICT = "This review changed since you opened it; the page now shows it as it is"


def page_url(review) -> str:
    return f"/admin/reviews/participantreview/{review.pk}/change/"


def act_url(review, action: str) -> str:
    return f"/admin/reviews/participantreview/{review.pk}/act/{action}/"


def versions(review, prefix: str) -> dict:
    review.refresh_from_db()
    return {
        f"{prefix}-expected_version_id": review.version_id,
        f"{prefix}-expected_relationship_version_id": review.enrollment.relationship_version_id,
    }


def snapshot(review) -> tuple:
    """Everything an action could change."""
    review = ParticipantReview.objects.select_related("enrollment").get(pk=review.pk)
    return (
        review.status,
        review.version_id,
        review.assignee_user_id,
        review.enrollment.suspended,
        review.enrollment.relationship_version_id,
        ReviewNote.objects.filter(review=review).count(),
        RelationshipAction.objects.filter(enrollment=review.enrollment).count(),
        review.provider_assignee_id,
    )


def api_review(provider, review) -> dict:
    response = provider.client.get(provider.url(f"/participant-reviews/{review.pk}"))
    assert response.status_code == 200, response.content
    return response.json()["review"]


@pytest.fixture
def review(provider):
    enrollment = person(
        provider.provider,
        given="Grace",
        family="Hopper",
        phone="2025550142",
        external_id="cust-42",
        country="GB",
    )
    return pending_review(provider.provider, enrollment, reason="Payouts to many new phones")


# ---- what the page shows ---------------------------------------------------------------


def test_the_page_shows_what_the_decision_needs(provider, review, analyst):
    enrollment = review.enrollment
    found = assessment(
        provider_id=provider.id,
        participant_id=review.participant_id,
        level="very_high",
        score=91.5,
        transaction_level="high",
        aml_level="medium",
        signals=[{"key": "phoneLevel", "value": "high"}],
        rules=[
            {
                "ruleID": 1207,
                "name": "Velocity to new phones",
                "isLive": True,
                "isAllowlisted": False,
            },
            {"ruleID": 88, "name": "Shadow country rule", "isLive": False, "isAllowlisted": True},
        ],
    )
    services.open_or_add(
        enrollment_id=enrollment.pk, reason="Second alert", assessment_id=found.pk, actor=SYSTEM
    )
    held = make_payment(enrollment, status="authorized", hold=True, amount_minor=432100)
    make_payment(enrollment, status="accepted", hold=False)
    review.refresh_from_db()
    services.add_note(
        provider_id=provider.id,
        review_id=review.pk,
        text="Called the customer",
        expected_version_id=review.version_id,
        actor=Actor.user(analyst, provider_id=provider.id),
    )
    review.refresh_from_db()
    command = commands.accept_assign(
        review=review, provider_assignee_id="svc-9", expected_version_id="stale", actor=SYSTEM
    )
    commands.apply(command_id=command.pk)

    response = logged_in(analyst).get(page_url(review))
    assert response.status_code == 200
    page = response.content.decode()

    # the participant
    for text in ("Grace", "Hopper", "cust-42", review.participant_id, "+12025550142", "GB"):
        assert text in page, text
    assert "active" in page
    # the relationship
    assert enrollment.relationship_version_id in page
    assert "Never suspended or reactivated." in page
    # the assessment, its rules, signals and evidence
    for text in (found.pk, "very high", "91.5", "1207", "Velocity to new phones", "shadow"):
        assert text in page, text
    # signals and enums in words, never the raw key
    assert "Phone number" in page and "phoneLevel" not in page
    assert "anti-money-laundering medium" in page
    assert "very_high" not in page
    # the payment on hold, linked to the payment page, among its payments
    assert f"/admin/payments/payment/{held.pk}/change/" in page
    assert "4321.00 USD" in page
    # notes oldest first, with their authors
    assert page.index("Second alert") < page.index("Called the customer")
    assert "Ana Analyst &lt;ana_analyst@risk.example&gt;" in page
    # the API command, rejected when applied
    assert ReviewCommand.objects.get(review=review).status == "rejected"
    assert (
        'Assign to the provider\'s assignee <span class="review-nowrap">svc-9</span>' in page
        and "Rejected" in page
    )
    # the actions, each carrying the versions it was rendered with
    for action in ("assign_me", "assign", "note", "no_action", "suspend"):
        assert f'action="{act_url(review, action)}"' in page, action
    assert f'value="{review.version_id}"' in page
    assert 'name="csrfmiddlewaretoken"' in page


def test_a_suspended_relationship_shows_its_history(provider, review, analyst):
    enrollment = review.enrollment
    participant_services.suspend(
        enrollment_id=enrollment.pk,
        reason_code="legal-hold",
        note="Court order 7",
        expected_version_id=enrollment.relationship_version_id,
        actor=SYSTEM,
    )
    page = logged_in(analyst).get(page_url(review)).content.decode()
    assert "legal-hold" in page and "Court order 7" in page
    assert "Provider Service (automated)" in page


# ---- actions ---------------------------------------------------------------------------


def test_assign_to_me(provider, review, analyst):
    before = snapshot(review)
    client = logged_in(analyst)
    response = client.post(act_url(review, "assign_me"), versions(review, "assign_me"))
    assert response.status_code == 302 and response.url == page_url(review)

    review.refresh_from_db()
    assert review.assignee_user_id == str(analyst.pk)
    assert review.version_id != before[1]
    assert api_review(provider, review)["assigneeUserID"] == str(analyst.pk)
    page = client.get(page_url(review)).content.decode()
    assert "Assigned to you." in page
    assert "Ana Analyst" in page
    assert LogEntry.objects.get(object_id=review.pk).change_message.startswith("Assigned to")


def test_assign_to_another_analyst_who_can_act(provider, review, analyst):
    colleague = staff_user("bo_colleague")
    staff_user("aud_itor", group=AUDITOR)
    client = logged_in(analyst)
    page = client.get(page_url(review)).content.decode()
    assert "Bo Colleague" in page
    assert "Aud Itor" not in page  # cannot act on reviews: not offered

    response = client.post(
        act_url(review, "assign"), {**versions(review, "assign"), "assign-assignee": colleague.pk}
    )
    assert response.status_code == 302
    review.refresh_from_db()
    assert review.assignee_user_id == str(colleague.pk)


def test_an_assignee_who_cannot_act_is_refused(provider, review, analyst):
    auditor = staff_user("aud_itor", group=AUDITOR)
    before = snapshot(review)
    response = logged_in(analyst).post(
        act_url(review, "assign"), {**versions(review, "assign"), "assign-assignee": auditor.pk}
    )
    assert response.status_code == 400
    assert snapshot(review) == before


def test_add_a_note(provider, review, analyst):
    before = snapshot(review)
    response = logged_in(analyst).post(
        act_url(review, "note"), {**versions(review, "note"), "note-text": "Asked for ID"}
    )
    assert response.status_code == 302
    review.refresh_from_db()
    assert review.version_id != before[1]
    note = api_review(provider, review)["notes"][-1]
    assert note["text"] == "Asked for ID"
    assert_acted_by(note, analyst, provider.id)


def test_resolve_with_no_action(provider, review, analyst):
    before = snapshot(review)
    response = logged_in(analyst).post(
        act_url(review, "no_action"),
        {**versions(review, "no_action"), "no_action-reason": "Known customer, travelling"},
    )
    assert response.status_code == 302

    body = api_review(provider, review)
    assert body["status"] == "resolved"
    assert body["versionID"] != before[1]
    resolution = body["resolution"]
    assert resolution["action"] == "no_action"
    assert resolution["reason"] == "Known customer, travelling"
    assert "reasonCode" not in resolution
    assert_acted_by(resolution, analyst, provider.id)
    assert body["relationship"] == {"suspended": False, "versionID": before[4]}


def test_no_action_needs_a_reason(provider, review, analyst):
    before = snapshot(review)
    response = logged_in(analyst).post(
        act_url(review, "no_action"), {**versions(review, "no_action"), "no_action-reason": " "}
    )
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert snapshot(review) == before


def test_suspend_from_the_review(provider, review, analyst):
    before = snapshot(review)
    client = logged_in(analyst)
    response = client.post(
        act_url(review, "suspend"),
        {
            **versions(review, "suspend"),
            "suspend-reason_code": "suspected-fraud",
            "suspend-reason": "Mule pattern confirmed",
        },
    )
    assert response.status_code == 302

    body = api_review(provider, review)
    assert body["status"] == "resolved"
    assert body["versionID"] != before[1]
    assert body["relationship"]["suspended"] is True
    assert body["relationship"]["versionID"] != before[4]
    resolution = body["resolution"]
    assert (resolution["action"], resolution["reasonCode"], resolution["reason"]) == (
        "suspend",
        "suspected-fraud",
        "Mule pattern confirmed",
    )
    assert_acted_by(resolution, analyst, provider.id)

    action = RelationshipAction.objects.get(enrollment=review.enrollment)
    assert (action.action, action.review_id, action.reason_code, action.note) == (
        "suspend",
        review.pk,
        "suspected-fraud",
        "Mule pattern confirmed",
    )
    assert action.version_id == body["relationship"]["versionID"]
    relationship = provider.client.get(provider.url("/participants/cust-42")).json()
    assert relationship["relationship"]["suspended"] is True

    page = client.get(page_url(review)).content.decode()
    assert "Resolved: suspended." in page
    assert 'id="action-suspend"' not in page  # a resolved review has no actions
    assert "Mule pattern confirmed" in page and "Ana Analyst" in page


def test_suspend_needs_a_reason_code(provider, review, analyst):
    before = snapshot(review)
    response = logged_in(analyst).post(
        act_url(review, "suspend"), {**versions(review, "suspend"), "suspend-reason": "Fraud"}
    )
    assert response.status_code == 400
    assert snapshot(review) == before


# ---- stale pages -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "fields"),
    [
        ("assign_me", {}),
        ("no_action", {"no_action-reason": "Nothing to see"}),
        ("suspend", {"suspend-reason_code": "other", "suspend-reason": "My long reason"}),
    ],
)
def test_a_stale_page_is_refused_and_nothing_changes(provider, review, analyst, action, fields):
    """Decisions and assignments only: a note goes through whatever changed (see
    test_notes_by_any_analyst)."""
    stale = versions(review, action)
    services.open_or_add(enrollment_id=review.enrollment_id, reason="New alert", actor=SYSTEM)
    before = snapshot(review)

    response = logged_in(analyst).post(act_url(review, action), {**stale, **fields})

    assert response.status_code == 409
    page = response.content.decode()
    assert CONFLICT in page
    assert snapshot(review) == before
    assert "New alert" in page  # the page now shows the change
    review.refresh_from_db()
    assert f'value="{review.version_id}"' in page  # ... and carries the current version
    for value in fields.values():
        assert value in page  # what the analyst typed is kept


def test_a_relationship_changed_elsewhere_refuses_the_decision(provider, review, analyst):
    stale = versions(review, "suspend")
    participant_services.suspend(
        enrollment_id=review.enrollment_id,
        reason_code="customer-request",
        note="Asked by phone",
        expected_version_id=review.enrollment.relationship_version_id,
        actor=SYSTEM,
    )
    before = snapshot(review)
    response = logged_in(analyst).post(
        act_url(review, "suspend"),
        {**stale, "suspend-reason_code": "suspected-fraud", "suspend-reason": "Fraud"},
    )
    assert response.status_code == 409
    assert CONFLICT in response.content.decode()
    assert snapshot(review) == before


def test_a_resolved_review_is_refused_whatever_the_versions(provider, review, analyst):
    current = versions(review, "suspend")
    services.resolve_no_action(
        provider_id=provider.id,
        review_id=review.pk,
        reason="Closed by a colleague",
        expected_version_id=current["suspend-expected_version_id"],
        actor=SYSTEM,
    )
    fresh = versions(review, "suspend")
    before = snapshot(review)
    client = logged_in(analyst)
    for posted in (current, fresh):
        response = client.post(
            act_url(review, "suspend"),
            {**posted, "suspend-reason_code": "other", "suspend-reason": "Too late"},
        )
        assert response.status_code == 409
        page = response.content.decode()
        assert CONFLICT in page and "already resolved" in page
        assert 'id="action-suspend"' not in page
        assert "Closed by a colleague" in page
    assert snapshot(review) == before


def test_a_second_click_on_the_same_page_changes_nothing(provider, review, analyst):
    client = logged_in(analyst)
    body = {**versions(review, "note"), "note-text": "Once"}
    assert client.post(act_url(review, "note"), body).status_code == 302
    assert client.post(act_url(review, "note"), body).status_code == 409
    assert ReviewNote.objects.filter(review=review, text="Once").count() == 1


# ---- who may act -----------------------------------------------------------------------


def test_auditors_read_everything_and_change_nothing(provider, review):
    auditor = logged_in(staff_user("aud_itor", group=AUDITOR))
    page = auditor.get(page_url(review)).content.decode()
    assert "Grace" in page and "cust-42" in page
    assert "view-only access" in page
    assert "<form" not in page.split('id="content-main"')[1]

    before = snapshot(review)
    for action, fields in (
        ("assign_me", {}),
        ("note", {"note-text": "x"}),
        ("no_action", {"no_action-reason": "x"}),
        ("suspend", {"suspend-reason_code": "other", "suspend-reason": "x"}),
    ):
        response = auditor.post(act_url(review, action), {**versions(review, action), **fields})
        assert response.status_code == 403, action
    assert snapshot(review) == before
    # and the change form itself takes no POST
    assert auditor.post(page_url(review), {}).status_code == 405
    assert snapshot(review) == before


def test_superusers_act_too(provider, review):
    root = staff_user("root_user", group=None, superuser=True)
    response = logged_in(root).post(
        act_url(review, "suspend"),
        {
            **versions(review, "suspend"),
            "suspend-reason_code": "policy-violation",
            "suspend-reason": "Terms breach",
        },
    )
    assert response.status_code == 302
    review.refresh_from_db()
    assert review.resolution_action == "suspend"
    assert review.resolver_user_id == str(root.pk)


def test_the_change_form_takes_no_post_even_from_an_analyst(provider, review, analyst):
    before = snapshot(review)
    response = logged_in(analyst).post(page_url(review), {"status": "resolved"})
    assert response.status_code == 405
    assert snapshot(review) == before


def test_an_unknown_action_or_a_get_is_refused(provider, review, analyst):
    client = logged_in(analyst)
    assert client.post(act_url(review, "reactivate"), {}).status_code == 403
    assert client.get(act_url(review, "note")).status_code == 405


def test_anonymous_users_are_sent_to_the_login(provider, review):
    from django.test import Client

    response = Client().post(act_url(review, "note"), {"note-text": "x"})
    assert response.status_code == 302 and "/admin/login/" in response.url
