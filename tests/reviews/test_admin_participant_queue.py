"""The participant-review queue in the admin: order, columns, filters and the API's q rules."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.actors import Actor
from limits import services as limit_services
from reviews.models import ParticipantReview
from reviews.services import commands
from reviews.services import participant_reviews as services
from tests.payments.factories import enroll as person
from tests.reviews.admin_support import AUDITOR, logged_in, queue_rows, staff_user
from tests.reviews.factories import cleared, pending_review
from tests.risk.factories import assessment

pytestmark = pytest.mark.django_db

QUEUE = "/admin/reviews/participantreview/"
SYSTEM = Actor.system()


def rows(client, query: dict | None = None) -> list[str]:
    return queue_rows(client, QUEUE, query)


def aged(review, minutes: int):
    ParticipantReview.objects.filter(pk=review.pk).update(
        created_on=timezone.now() - timedelta(minutes=minutes)
    )
    return review


def test_pending_first_then_newest(provider, analyst):
    old_pending = aged(pending_review(provider.provider), 50)
    new_pending = aged(pending_review(provider.provider), 10)
    newest_resolved = aged(cleared(pending_review(provider.provider)), 1)
    old_resolved = aged(cleared(pending_review(provider.provider)), 90)

    assert rows(logged_in(analyst)) == [
        new_pending.pk,
        old_pending.pk,
        newest_resolved.pk,
        old_resolved.pk,
    ]


def test_columns_show_what_an_analyst_triages_on(provider, analyst):
    enrollment = person(provider.provider, given="Grace", family="Hopper", external_id="cust-7")
    review = pending_review(provider.provider, enrollment, reason="Many payouts to new phones")
    for level in ("medium", "very_high", "low"):
        found = assessment(
            provider_id=provider.id, participant_id=enrollment.participant_id, level=level
        )
        services.open_or_add(enrollment_id=enrollment.pk, assessment_id=found.pk, actor=SYSTEM)
    review.refresh_from_db()
    services.assign(
        provider_id=provider.id,
        review_id=review.pk,
        assignee_user_id=str(analyst.pk),
        expected_version_id=review.version_id,
    )

    page = logged_in(analyst).get(QUEUE).content.decode()

    assert review.pk in page
    assert "Grace Hopper" in page and "cust-7" in page
    assert "First Bank" in page
    assert "Ana Analyst" in page
    assert "very high (3 assessments)" in page  # the risk column in words
    assert "Many payouts to new phones" in page


def test_the_providers_own_assignee_shows_as_such(provider, analyst):
    review = pending_review(provider.provider)
    services.assign(
        provider_id=provider.id,
        review_id=review.pk,
        provider_assignee_id="svc-user-42",
        expected_version_id=review.version_id,
    )
    page = logged_in(analyst).get(QUEUE).content.decode()
    assert "Provider&#x27;s assignee: svc-user-42" in page


def test_filter_by_provider_and_status(provider, other_provider, analyst):
    mine = pending_review(provider.provider)
    theirs = pending_review(other_provider.provider)
    done = cleared(pending_review(provider.provider))
    client = logged_in(analyst)

    assert set(rows(client, {"provider": provider.id})) == {mine.pk, done.pk}
    assert rows(client, {"provider": other_provider.id}) == [theirs.pk]
    assert rows(client, {"status__exact": "resolved"}) == [done.pk]
    assert set(rows(client, {"status__exact": "pending"})) == {mine.pk, theirs.pk}


def test_filter_by_assignee(provider, analyst):
    colleague = staff_user("bo_colleague")
    mine, theirs, nobody = (pending_review(provider.provider) for _ in range(3))
    for review, user in ((mine, analyst), (theirs, colleague)):
        services.assign(
            provider_id=provider.id,
            review_id=review.pk,
            assignee_user_id=str(user.pk),
            expected_version_id=review.version_id,
        )
    client = logged_in(analyst)

    assert rows(client, {"assignee": "me"}) == [mine.pk]
    assert rows(client, {"assignee": "none"}) == [nobody.pk]
    assert rows(client, {"assignee": colleague.pk}) == [theirs.pk]
    choices = client.get(QUEUE).content.decode()
    assert "Bo Colleague" in choices and "Unassigned" in choices


def test_filter_by_limit_group_counts_active_memberships_of_live_groups(provider, analyst):
    member, former, outsider = (person(provider.provider) for _ in range(3))
    vip = limit_services.create_limit_group(provider_id=provider.id, name="VIP", actor=SYSTEM)
    for enrollment in (member, former):
        limit_services.add_to_limit_group(group_id=vip.pk, enrollment=enrollment, actor=SYSTEM)
    limit_services.remove_from_limit_group(group_id=vip.pk, enrollment=former, actor=SYSTEM)
    reviews = {e.pk: pending_review(provider.provider, e) for e in (member, former, outsider)}
    client = logged_in(analyst)

    assert rows(client, {"limit_group": vip.pk}) == [reviews[member.pk].pk]
    assert "VIP (First Bank)" in client.get(QUEUE).content.decode()

    limit_services.delete_limit_group(provider_id=provider.id, group_id=vip.pk, actor=SYSTEM)
    assert rows(client, {"limit_group": vip.pk}) == []


@pytest.fixture
def searchable(provider, other_provider):
    grace = person(
        provider.provider,
        given="Grace",
        family="Hopper",
        phone="2025550142",
        external_id="cust-42",
        email="admiral@navy.example",
    )
    alan = person(provider.provider, given="Alan", family="Turing", phone="4155550199")
    elsewhere = person(other_provider.provider, given="Grace", family="Kelly")
    return {
        "grace": pending_review(provider.provider, grace),
        "alan": pending_review(provider.provider, alan),
        "elsewhere": pending_review(other_provider.provider, elsewhere),
    }


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("grace", {"grace", "elsewhere"}),  # given name, any case
        ("HOPP", {"grace"}),  # part of the family name
        ("grace hopper", {"grace"}),  # the full name
        ("  Turing ", {"alan"}),  # trimmed
        ("(202) 555-01", {"grace"}),  # a phone fragment, by its digits
        ("5550199", {"alan"}),
        ("cust-42", {"grace"}),  # the exact externalID
        ("cust-4", set()),  # ... and only exact
        ("admiral", set()),  # emails are never searched
        ("admiral@navy.example", set()),
        ("navy", set()),
    ],
)
def test_search_follows_the_api_q_rules(searchable, analyst, q, expected):
    found = rows(logged_in(analyst), {"q": q})
    assert set(found) == {searchable[name].pk for name in expected}


def test_search_by_exact_review_id_and_participant_id(searchable, analyst):
    client = logged_in(analyst)
    grace = searchable["grace"]
    assert rows(client, {"q": grace.pk}) == [grace.pk]
    assert rows(client, {"q": grace.pk[:-2]}) == []
    assert rows(client, {"q": grace.participant_id}) == [grace.pk]
    assert rows(client, {"q": grace.participant_id[4:]}) == []


def test_a_q_the_api_refuses_finds_nothing_and_says_why(searchable, analyst):
    client = logged_in(analyst)
    response = client.get(QUEUE + "?q=12")
    assert list(response.context["cl"].result_list) == []
    assert "at least 3 digits" in response.content.decode()
    assert rows(client, {"q": "x" * 101}) == []


def test_auditors_see_the_queue_and_nobody_adds_or_deletes(provider):
    review = pending_review(provider.provider)
    client = logged_in(staff_user("aud_itor", group=AUDITOR))
    assert rows(client) == [review.pk]
    assert client.get(QUEUE + "add/").status_code == 403
    root = logged_in(staff_user("root_user", group=None, superuser=True))
    assert root.get(QUEUE + "add/").status_code == 403
    assert root.get(f"{QUEUE}{review.pk}/delete/").status_code == 403


def test_staff_without_a_review_group_cannot_open_the_queue(provider):
    pending_review(provider.provider)
    client = logged_in(staff_user("no_group", group=None))
    assert client.get(QUEUE).status_code == 403


def test_the_queue_costs_the_same_queries_for_many_rows(provider, analyst):
    client = logged_in(analyst)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(QUEUE).status_code == 200
        return len(captured)

    for _ in range(2):
        enrollment = person(provider.provider)
        pending_review(provider.provider, enrollment)
    few = queries()
    for _ in range(15):
        enrollment = person(provider.provider)
        found = assessment(provider_id=provider.id, participant_id=enrollment.participant_id)
        pending_review(provider.provider, enrollment, assessment_id=found.pk)
    assert queries() == few


def test_review_commands_are_listed_with_their_rejection(provider, analyst):
    review = pending_review(provider.provider)
    command = commands.accept_assign(
        review=review, provider_assignee_id="svc-1", expected_version_id="stale", actor=SYSTEM
    )
    commands.apply(command_id=command.pk)
    client = logged_in(staff_user("aud_itor", group=AUDITOR))

    listing = client.get("/admin/reviews/reviewcommand/").content.decode()
    assert command.pk in listing and "rejected" in listing and review.pk in listing
    assert "The review or the relationship changed" in listing
    detail = client.get(f"/admin/reviews/reviewcommand/{command.pk}/change/")
    assert detail.status_code == 200
    assert 'type="submit"' not in detail.content.decode().split('id="content-main"')[1]
    assert (
        logged_in(analyst)
        .post(f"/admin/reviews/reviewcommand/{command.pk}/change/", {})
        .status_code
        == 403
    )
