"""Staff screens: each save goes through the services, and providers see the result at once."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.utils import timezone

from limits import services
from limits.models import (
    LimitChange,
    LimitGroup,
    LimitGroupMembership,
    LimitOverride,
    PlatformLimits,
    ProviderLimitPolicy,
)
from tests.limits.helpers import STAFF, effective, enrollment, group

pytestmark = pytest.mark.django_db

ADMIN = "/admin/limits"
BLANK_CEILINGS = {
    "per_transaction_amount": "",
    "daily_amount": "",
    "weekly_amount": "",
    "monthly_amount": "",
    "daily_send_count": "",
}


def staff_client(*codenames: str) -> tuple[Client, User]:
    user = User.objects.create_user("analyst", "analyst@example.com", "pw", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(content_type__app_label="limits", codename__in=codenames)
    )
    client = Client()
    client.force_login(user)
    return client, user


@pytest.fixture
def superuser_client():
    user = User.objects.create_superuser("root", "root@example.com", "pw")
    client = Client()
    client.force_login(user)
    return client


def test_an_analyst_sets_a_group_limit_and_the_provider_reads_it_at_once(provider):
    """The issue's done-criterion, end to end through the admin form and the API."""
    member = enrollment(provider, "cust-1")
    vip = group(provider, "VIP", [member], weeklyAmount=900000)
    assert effective(provider, "cust-1")["effectiveLimits"]["dailyAmount"]["source"] == "platform"

    client, user = staff_client("view_limitgroup", "change_limitgroup")
    response = client.post(
        f"{ADMIN}/limitgroup/{vip.id}/change/",
        {**BLANK_CEILINGS, "name": "VIP", "daily_amount": "250.00", "weekly_amount": "9000.00"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]

    limit = effective(provider, "cust-1")["effectiveLimits"]["dailyAmount"]
    assert limit["source"] == "group:VIP"
    assert limit["ceiling"]["value"] == "250.00"
    assert "stored" not in limit and "expiresOn" not in limit
    change = LimitChange.objects.filter(kind="group", action="update").get()
    assert change.actor.as_json() == {"kind": "user", "userID": str(user.pk)}
    assert change.data["ceilings"]["dailyAmount"] == 25000


def test_without_the_change_permission_nothing_changes(provider):
    member = enrollment(provider, "cust-1")
    vip = group(provider, "VIP", [member])
    client, _ = staff_client("view_limitgroup")
    response = client.post(
        f"{ADMIN}/limitgroup/{vip.id}/change/",
        {**BLANK_CEILINGS, "name": "VIP", "daily_amount": "1"},
    )
    assert response.status_code == 403
    assert LimitGroup.objects.get(pk=vip.id).daily_amount is None


def test_adding_a_group_in_the_admin_uses_the_service(provider):
    client, _ = staff_client("add_limitgroup", "view_limitgroup", "change_limitgroup")
    response = client.post(
        f"{ADMIN}/limitgroup/add/",
        {**BLANK_CEILINGS, "provider": provider.id, "name": "Gold", "daily_send_count": "7"},
    )
    assert response.status_code == 302
    gold = LimitGroup.objects.get(name="Gold")
    assert gold.daily_send_count == 7 and gold.daily_amount is None
    assert LimitChange.objects.filter(kind="group", action="create", subject=gold.id).exists()


@pytest.mark.parametrize(
    ("name", "ceilings", "message"),
    [
        ("VIP", {}, "already has a live group with this name"),
        ("A+ list", {}, "cannot contain"),
        ("Gold", {"daily_amount": "1.234"}, "at most 2 decimal places"),
        ("Gold", {"daily_send_count": "-3"}, "whole number"),
    ],
)
def test_group_form_errors_change_nothing(provider, superuser_client, name, ceilings, message):
    group(provider, "VIP")
    response = superuser_client.post(
        f"{ADMIN}/limitgroup/add/",
        {**BLANK_CEILINGS, "provider": provider.id, "name": name, **ceilings},
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert LimitGroup.objects.count() == 1


def test_renaming_onto_a_live_name_is_refused(provider, superuser_client):
    group(provider, "VIP")
    gold = group(provider, "Gold")
    response = superuser_client.post(
        f"{ADMIN}/limitgroup/{gold.id}/change/", {**BLANK_CEILINGS, "name": "VIP"}
    )
    assert response.status_code == 200
    assert "already has a live group with this name" in response.content.decode()
    assert LimitGroup.objects.get(pk=gold.id).name == "Gold"


def test_the_delete_action_soft_deletes_and_members_fall_back(provider):
    member = enrollment(provider, "cust-1")
    vip = group(provider, "VIP", [member], dailyAmount=100)
    client, _ = staff_client("view_limitgroup", "delete_limitgroup")
    response = client.post(
        f"{ADMIN}/limitgroup/", {"action": "delete_groups", "_selected_action": [vip.id]}
    )
    assert response.status_code == 302
    assert LimitGroup.objects.get(pk=vip.id).deleted_on is not None
    assert effective(provider, "cust-1")["effectiveLimits"]["dailyAmount"]["source"] == "platform"
    # A deleted group is history: viewable, not editable.
    page = client.get(f"{ADMIN}/limitgroup/{vip.id}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content


def test_the_platform_screen_validates_and_bumps_the_platform_version(provider, superuser_client):
    assert superuser_client.get(f"{ADMIN}/platformlimits/").status_code == 302
    page = superuser_client.get(f"{ADMIN}/platformlimits/1/change/")
    assert b'value="2500.00"' in page.content
    before = provider.client.get(provider.url("/limits/defaults")).json()["versions"]
    form = {
        "default_per_transaction_amount": "1000.00",
        "default_daily_amount": "2500.00",
        "default_weekly_amount": "5000.00",
        "default_monthly_amount": "10000.00",
        "default_daily_send_count": "20",
        "maximum_per_transaction_amount": "10000.00",
        "maximum_daily_amount": "25000.00",
        "maximum_weekly_amount": "50000.00",
        "maximum_monthly_amount": "100000.00",
        "maximum_daily_send_count": "100",
    }
    bad = superuser_client.post(
        f"{ADMIN}/platformlimits/1/change/", {**form, "default_daily_amount": "25000.01"}
    )
    assert bad.status_code == 200 and b"cannot exceed the platform maximum" in bad.content
    ok = superuser_client.post(
        f"{ADMIN}/platformlimits/1/change/", {**form, "default_daily_amount": "3000"}
    )
    assert ok.status_code == 302
    body = provider.client.get(provider.url("/limits/defaults")).json()
    assert body["defaults"]["platform"]["dailyAmount"]["value"] == "3000.00"
    assert body["versions"]["platform"] != before["platform"]
    assert PlatformLimits.objects.count() == 1


def test_provider_policy_screens(provider, superuser_client):
    response = superuser_client.post(
        f"{ADMIN}/providerlimitpolicy/add/",
        {**BLANK_CEILINGS, "provider": provider.id, "monthly_amount": "7500.50"},
    )
    assert response.status_code == 302
    body = provider.client.get(provider.url("/limits/defaults")).json()
    assert body["defaults"]["providerSources"]["monthlyAmount"] == "provider"
    assert body["defaults"]["provider"]["monthlyAmount"]["value"] == "7500.50"
    assert body["versions"]["provider"] == ProviderLimitPolicy.objects.get().version_id

    cleared = superuser_client.post(
        f"{ADMIN}/providerlimitpolicy/",
        {"action": "clear_policies", "_selected_action": [provider.id]},
    )
    assert cleared.status_code == 302
    assert (
        "provider" not in provider.client.get(provider.url("/limits/defaults")).json()["versions"]
    )


def test_membership_screens(provider, other_provider, superuser_client):
    member = enrollment(provider, "cust-1")
    enrollment(other_provider, "theirs")
    vip = group(provider, "VIP", dailyAmount=12300)

    foreign = superuser_client.post(
        f"{ADMIN}/limitgroupmembership/add/", {"group": vip.id, "participant": "theirs"}
    )
    assert foreign.status_code == 200
    assert b"No participant matches within this provider" in foreign.content

    added = superuser_client.post(
        f"{ADMIN}/limitgroupmembership/add/", {"group": vip.id, "participant": "cust-1"}
    )
    assert added.status_code == 302
    assert effective(provider, "cust-1")["effectiveLimits"]["dailyAmount"]["source"] == "group:VIP"

    membership = LimitGroupMembership.objects.get(enrollment=member)
    assert (
        superuser_client.get(f"{ADMIN}/limitgroupmembership/{membership.pk}/change/").status_code
        == 200
    )
    ended = superuser_client.post(
        f"{ADMIN}/limitgroupmembership/",
        {"action": "end_memberships", "_selected_action": [membership.pk]},
    )
    assert ended.status_code == 302
    assert effective(provider, "cust-1")["effectiveLimits"]["dailyAmount"]["source"] == "platform"


def test_override_screens(provider, superuser_client):
    member = enrollment(provider, "cust-1")
    expires = (timezone.now() + timedelta(days=2)).replace(microsecond=0)
    form = {
        "provider": provider.id,
        "participant": member.participant_id,
        "dimension": "dailySendCount",
        "value": "4",
        "expires_on_0": expires.strftime("%Y-%m-%d"),
        "expires_on_1": expires.strftime("%H:%M:%S"),
        "reason": "new account",
    }
    bad = superuser_client.post(f"{ADMIN}/limitoverride/add/", {**form, "value": "4.5"})
    assert bad.status_code == 200 and b"whole number" in bad.content
    past = superuser_client.post(
        f"{ADMIN}/limitoverride/add/", {**form, "expires_on_0": "2001-01-01"}
    )
    assert past.status_code == 200 and b"must be in the future" in past.content
    assert not LimitOverride.objects.exists()

    added = superuser_client.post(f"{ADMIN}/limitoverride/add/", form)
    assert added.status_code == 302
    limit = effective(provider, "cust-1")["effectiveLimits"]["dailySendCount"]
    assert limit == {
        "ceiling": 4,
        "source": "override",
        "expiresOn": expires.isoformat().replace("+00:00", "Z"),
    }
    override = LimitOverride.objects.get()
    page = superuser_client.get(f"{ADMIN}/limitoverride/{override.pk}/change/")
    assert page.status_code == 200 and b"4 (override)" in page.content

    ended = superuser_client.post(
        f"{ADMIN}/limitoverride/", {"action": "end_overrides", "_selected_action": [override.pk]}
    )
    assert ended.status_code == 302
    assert (
        effective(provider, "cust-1")["effectiveLimits"]["dailySendCount"]["source"] == "platform"
    )


def test_every_limits_admin_page_renders(provider, superuser_client):
    member = enrollment(provider, "cust-1")
    vip = group(provider, "VIP", [member], dailyAmount=100)
    services.set_provider_limits(provider_id=provider.id, ceilings={"dailyAmount": 5}, actor=STAFF)
    services.set_limit_override(enrollment=member, values={"dailyAmount": 1}, actor=STAFF)
    pages = [
        "platformlimits/1/change/",
        "providerlimitpolicy/",
        f"providerlimitpolicy/{provider.id}/change/",
        "providerlimitpolicy/add/",
        "limitgroup/",
        "limitgroup/?state=deleted",
        f"limitgroup/{vip.id}/change/",
        "limitgroup/add/",
        "limitgroupmembership/",
        "limitgroupmembership/?ended=no",
        "limitgroupmembership/add/",
        "limitoverride/",
        "limitoverride/?state=expired",
        "limitoverride/add/",
        "limitchange/",
    ]
    for page in pages:
        response = superuser_client.get(f"{ADMIN}/{page}")
        assert response.status_code == 200, page
