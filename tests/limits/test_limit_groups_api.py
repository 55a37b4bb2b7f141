"""DELETE /providers/{providerID}/limit-groups/{groupID}: soft delete and fallback."""

import pytest
from rest_framework.test import APIClient

from api import scopes
from limits import services
from limits.models import LimitChange, LimitGroup, LimitGroupMembership
from tests.limits.helpers import STAFF, effective, enrollment, group
from tests.problems import assert_not_found, without_occurrence

pytestmark = pytest.mark.django_db

MISSING = "grp_01ARZ3NDEKTSV4RRFFQ69G5FAV"
NO_GROUP = "No limit group matches within this provider."


def delete(ctx, group_id: str, client=None):
    return (client or ctx.client).delete(ctx.url(f"/limit-groups/{group_id}"))


def daily(ctx, ref="cust-1") -> tuple[str, str]:
    limit = effective(ctx, ref)["effectiveLimits"]["dailyAmount"]
    return limit["source"], limit["ceiling"]["value"]


def test_members_fall_back_to_their_other_groups_then_the_provider_then_the_platform(provider):
    member = enrollment(provider, "cust-1")
    services.set_provider_limits(
        provider_id=provider.id, ceilings={"dailyAmount": 90000}, actor=STAFF
    )
    gold = group(provider, "Gold", [member], dailyAmount=40000)
    vip = group(provider, "VIP", [member], dailyAmount=60000)
    assert daily(provider) == ("group:Gold", "400.00")

    response = delete(provider, gold.id)
    assert response.status_code == 204
    assert response.content == b""
    assert daily(provider) == ("group:VIP", "600.00")

    assert delete(provider, vip.id).status_code == 204
    assert daily(provider) == ("provider", "900.00")

    services.clear_provider_limits(provider_id=provider.id, actor=STAFF)
    assert daily(provider) == ("platform", "2500.00")


def test_delete_is_soft_and_the_participant_read_drops_the_group(provider):
    member = enrollment(provider, "cust-1")
    vip = group(provider, "VIP", [member], dailyAmount=100)
    groups = provider.client.get(provider.url("/participants/cust-1")).json()["limitGroups"]
    assert groups == [{"groupID": vip.id, "name": "VIP"}]

    assert delete(provider, vip.id).status_code == 204

    vip.refresh_from_db()
    assert vip.deleted_on is not None
    assert LimitGroupMembership.objects.filter(group=vip).count() == 1  # history kept
    assert provider.client.get(provider.url("/participants/cust-1")).json()["limitGroups"] == []
    change = LimitChange.objects.filter(kind="group", action="delete").get()
    assert change.subject == vip.id
    assert change.actor.as_json() == {
        "kind": "application",
        "applicationKeyID": provider.key_id,
        "callingAccountID": provider.id,
    }


def test_a_deleted_name_can_be_used_again_and_the_new_group_starts_empty(provider):
    member = enrollment(provider, "cust-1")
    old = group(provider, "VIP", [member], dailyAmount=100)
    delete(provider, old.id)
    new = group(provider, "VIP", dailyAmount=200)
    assert new.id != old.id
    assert daily(provider)[0] == "platform"


def test_deleting_again_is_204_and_changes_nothing(provider):
    vip = group(provider, "VIP")
    assert delete(provider, vip.id).status_code == 204
    deleted_on = LimitGroup.objects.get(pk=vip.id).deleted_on
    assert delete(provider, vip.id).status_code == 204
    assert LimitGroup.objects.get(pk=vip.id).deleted_on == deleted_on
    assert LimitChange.objects.filter(kind="group", action="delete").count() == 1


def test_another_providers_group_is_the_same_404_as_a_missing_one(provider, other_provider):
    member = enrollment(provider, "cust-1")
    vip = group(provider, "VIP", [member], dailyAmount=100)
    foreign = delete(other_provider, vip.id)
    missing = delete(other_provider, MISSING)
    assert_not_found(foreign, NO_GROUP)
    assert_not_found(missing, NO_GROUP)

    assert without_occurrence(foreign.json()) == without_occurrence(missing.json())
    assert LimitGroup.objects.get(pk=vip.id).deleted_on is None
    assert daily(provider)[0] == "group:VIP"


@pytest.mark.parametrize("group_id", [MISSING, "not-a-group", "usr_x"])
def test_404_for_missing_groups(provider, group_id):
    assert_not_found(delete(provider, group_id), NO_GROUP)


def test_401_and_403(provider, other_provider):
    vip = group(provider, "VIP")
    assert delete(provider, vip.id, APIClient()).status_code == 401
    read_only = provider.client_with_scopes(scopes.LIMITS_READ)
    assert delete(provider, vip.id, read_only).status_code == 403
    assert delete(provider, vip.id, other_provider.client).status_code == 403
    assert LimitGroup.objects.get(pk=vip.id).deleted_on is None
    writer = provider.client_with_scopes(scopes.LIMITS_WRITE)
    assert delete(provider, vip.id, writer).status_code == 204
