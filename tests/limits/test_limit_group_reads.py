"""GET …/limit-groups and …/limit-groups/{groupID}: live groups only, newest first, with the
ceilings they set and their active member count; tenancy like every route; a constant number
of queries whatever the page size."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from common.actors import Actor
from limits import services
from tests.limits.helpers import enrollment
from tests.problems import assert_not_found

STAFF = Actor.system()
NO_GROUP = "No limit group matches within this provider."


def _group(ctx, name, **ceilings):
    return services.create_limit_group(
        provider_id=ctx.id, name=name, ceilings=ceilings or {"dailySendCount": 5}, actor=STAFF
    )


def test_the_list_shows_live_groups_newest_first_with_members(provider, other_provider):
    students = _group(provider, "Students", dailyAmount=50000, dailySendCount=3)
    vip = _group(provider, "VIP")
    gone = _group(provider, "Gone")
    services.delete_limit_group(provider_id=provider.id, group_id=gone.pk, actor=STAFF)
    for external_id in ("m-1", "m-2"):
        services.add_to_limit_group(
            group_id=students.pk, enrollment=enrollment(provider, external_id), actor=STAFF
        )
    _group(other_provider, "Theirs")

    body = provider.client.get(provider.url("/limit-groups")).json()
    assert [g["groupID"] for g in body["limitGroups"]] == [vip.pk, students.pk]
    assert body["hasMore"] is False
    shown = body["limitGroups"][1]
    assert shown["name"] == "Students" and shown["memberCount"] == 2
    assert shown["ceilings"] == {
        "dailyAmount": {
            "value": "500.00",
            "currency": shown["ceilings"]["dailyAmount"]["currency"],
        },
        "dailySendCount": 3,
    }
    assert "deletedOn" not in shown
    one = provider.client.get(provider.url(f"/limit-groups/{students.pk}")).json()
    assert one == shown


def test_a_deleted_or_foreign_group_is_404(provider, other_provider):
    gone = _group(provider, "Gone")
    services.delete_limit_group(provider_id=provider.id, group_id=gone.pk, actor=STAFF)
    assert_not_found(provider.client.get(provider.url(f"/limit-groups/{gone.pk}")), NO_GROUP)
    theirs = _group(other_provider, "Theirs")
    assert_not_found(provider.client.get(provider.url(f"/limit-groups/{theirs.pk}")), NO_GROUP)


def test_pages_cost_the_same_queries_whatever_their_size(provider):
    groups = [_group(provider, f"G{n}") for n in range(6)]
    for n, group in enumerate(groups):
        services.add_to_limit_group(
            group_id=group.pk, enrollment=enrollment(provider, f"q-{n}"), actor=STAFF
        )

    def count(limit):
        with CaptureQueriesContext(connection) as queries:
            response = provider.client.get(provider.url(f"/limit-groups?limit={limit}"))
        assert response.status_code == 200
        return len(queries)

    assert count(1) == count(100)


def test_the_list_needs_limits_read(provider):
    client = provider.client_with_scopes("participants.read")
    assert client.get(provider.url("/limit-groups")).status_code == 403
    allowed = provider.client_with_scopes("limits.read")
    assert allowed.get(provider.url("/limit-groups")).status_code == 200
