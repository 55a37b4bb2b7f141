"""The assignee a provider names over the API (`assigneeUserID`) is its own opaque identifier:
kept apart from staff user IDs, never looked up among staff users, and shown in the admin as
the provider's. The analysts' assignment in the admin stays a staff user. The API keeps the
contract's field and behaviour: the latest assignment, of either kind, replaces the other,
and the detail shows it."""

import html
from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from common.actors import Actor
from reviews.models import ParticipantReview, ReviewCommand
from tests.participants.factories import create_participant
from tests.reviews.admin_support import logged_in, queue_rows, staff_user
from tests.reviews.factories import pending_review
from tests.reviews.http import assign, detail, open_review

pytestmark = pytest.mark.django_db

QUEUE = "/admin/reviews/participantreview/"


@pytest.fixture
def review(provider):
    create_participant(provider, externalID="asg-1")
    open_review(provider, participantID="asg-1", reason="Look at this")
    return ParticipantReview.objects.get()


@pytest.fixture
def superuser(db):
    return staff_user("root_admin", group=None, superuser=True)


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def provider_assigns(provider, review, value: str) -> None:
    version = detail(provider, review.pk)["versionID"]
    response = assign(provider, review.pk, assigneeUserID=value, expectedVersionID=version)
    assert response.status_code == 202, response.content


def test_a_provider_naming_a_staff_users_id_does_not_assign_that_user(provider, review, superuser):
    provider_assigns(provider, review, str(superuser.pk))

    # The contract's behaviour: the applied assignment appears in the review detail.
    assert detail(provider, review.pk)["assigneeUserID"] == str(superuser.pk)
    review.refresh_from_db()
    assert (review.provider_assignee_id, review.assignee_user_id) == (str(superuser.pk), "")

    client = logged_in(superuser)
    shown = f"Provider's assignee: {superuser.pk}"
    assert f'<td class="field-assignee">{shown}</td>' in page(client, QUEUE)
    assert f"Assignee</dt><dd>{shown}</dd>" in page(client, f"{QUEUE}{review.pk}/change/")
    assert queue_rows(client, QUEUE, {"assignee": "me"}) == []
    assert queue_rows(client, QUEUE, {"assignee": str(superuser.pk)}) == []
    assert queue_rows(client, QUEUE, {"assignee": "none"}) == [review.pk]  # no analyst has it


def test_the_latest_assignment_of_either_kind_replaces_the_other(provider, review, superuser):
    analyst = staff_user("ana_analyst")
    provider_assigns(provider, review, "team-lead-7")
    client = logged_in(analyst)

    review.refresh_from_db()
    response = client.post(
        f"{QUEUE}{review.pk}/act/assign_me/", {"assign_me-expected_version_id": review.version_id}
    )
    assert response.status_code == 302
    review.refresh_from_db()
    assert (review.assignee_user_id, review.provider_assignee_id) == (str(analyst.pk), "")
    assert detail(provider, review.pk)["assigneeUserID"] == str(analyst.pk)
    assert "Ana Analyst" in page(client, f"{QUEUE}{review.pk}/change/")
    assert queue_rows(client, QUEUE, {"assignee": "me"}) == [review.pk]

    provider_assigns(provider, review, str(analyst.pk))  # the same digits, from the provider
    review.refresh_from_db()
    assert (review.assignee_user_id, review.provider_assignee_id) == ("", str(analyst.pk))
    shown = page(client, f"{QUEUE}{review.pk}/change/")
    assert f"Assignee</dt><dd>Provider's assignee: {analyst.pk}</dd>" in shown
    assert f'Assign to the provider\'s assignee <span class="review-nowrap">{analyst.pk}' in shown
    assert queue_rows(client, QUEUE, {"assignee": "me"}) == []


def test_the_database_holds_one_kind_of_assignee_at_a_time(provider):
    review = pending_review(provider.provider)
    with pytest.raises(Exception, match="participant_review_one_assignee"):
        ParticipantReview.objects.filter(pk=review.pk).update(
            assignee_user_id="1", provider_assignee_id="1"
        )


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_the_assignees_providers_named(provider):
    """Stored before the split: an assignee from the provider's latest applied command moves to
    the provider's column, unless an admin assignment came after that command."""
    analyst = staff_user("ana_analyst")
    by_api, by_admin_later, by_admin_only = (pending_review(provider.provider) for _ in range(3))
    applied = timezone.now()
    for review in (by_api, by_admin_later):
        ReviewCommand.objects.create(
            provider_id=provider.id,
            kind="assign",
            payload={"assigneeUserID": str(analyst.pk), "expectedVersionID": "v"},
            status="applied",
            review=review,
            applied_on=applied,
            **Actor.system().as_fields(),
        )
    for review in (by_api, by_admin_later, by_admin_only):
        ParticipantReview.objects.filter(pk=review.pk).update(assignee_user_id=str(analyst.pk))
    entry = LogEntry.objects.log_actions(
        user_id=analyst.pk,
        queryset=ParticipantReview.objects.filter(pk=by_admin_later.pk),
        action_flag=2,
        change_message=f"Assigned to Ana Analyst (user {analyst.pk}).",
        single_object=True,
    )
    LogEntry.objects.filter(pk=entry.pk).update(action_time=applied + timedelta(days=1))

    _migrate([("reviews", "0008_risk_models_moved_to_risk")])
    try:
        _migrate([("reviews", "0009_provider_assignee")])
        found = {
            pk: (staff, provided)
            for pk, staff, provided in ParticipantReview.objects.values_list(
                "pk", "assignee_user_id", "provider_assignee_id"
            )
        }
    finally:
        # Every later migration back, for the tests that run after this one.
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert found[by_api.pk] == ("", str(analyst.pk))
    assert found[by_admin_later.pk] == (str(analyst.pk), "")
    assert found[by_admin_only.pk] == (str(analyst.pk), "")


def _migrate(targets) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
