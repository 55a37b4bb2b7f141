"""Staff commands: each writes through the services, bumps the right version, prints JSON."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from limits import selectors
from limits.models import LimitChange, LimitGroup, LimitGroupMembership, LimitOverride
from tests.limits.helpers import effective, enrollment

pytestmark = pytest.mark.django_db


def run(name: str, *argv: str) -> dict:
    out, err = StringIO(), StringIO()
    call_command(name, *argv, "--json", stdout=out, stderr=err)
    data = json.loads(out.getvalue())
    data["_stderr"] = err.getvalue()
    return data


def versions(ctx) -> dict:
    return ctx.client.get(ctx.url("/limits/defaults")).json()["versions"]


def test_set_platform_limits_changes_defaults_and_maximums_and_the_platform_version(provider):
    before = versions(provider)
    data = run(
        "set_platform_limits",
        "--daily-amount",
        "3000.00",
        "--max-daily-amount",
        "30000",
        "--daily-send-count",
        "25",
        "--max-daily-send-count",
        "150",
    )
    assert data["changed"] is True
    assert data["defaults"]["dailyAmount"] == "3000.00"
    assert data["maximums"]["dailyAmount"] == "30000.00"
    assert (data["defaults"]["dailySendCount"], data["maximums"]["dailySendCount"]) == (25, 150)
    after = versions(provider)
    assert after["platform"] == data["version"] != before["platform"]
    assert LimitChange.objects.filter(kind="platform").count() == 1


def test_set_platform_limits_without_flags_only_prints(provider):
    before = versions(provider)
    data = run("set_platform_limits")
    assert data["changed"] is False and data["version"] == before["platform"]


@pytest.mark.parametrize(
    "argv",
    [
        ["--daily-amount", "30000.01"],  # above the 25000.00 maximum
        ["--max-daily-amount", "100"],  # below the 2500.00 default
        ["--daily-amount", "1.001"],  # more decimals than USD has
        ["--daily-amount", "-1"],
        ["--daily-send-count", "2.5"],
        ["--daily-amount", "lots"],
    ],
)
def test_set_platform_limits_refuses_bad_values_and_changes_nothing(provider, argv):
    before = versions(provider)
    with pytest.raises(CommandError):
        call_command("set_platform_limits", *argv, stdout=StringIO())
    assert versions(provider) == before


def test_set_provider_limits_sets_unsets_and_clears(provider):
    first = run(
        "set_provider_limits",
        "--provider",
        provider.id,
        "--daily-amount",
        "500.00",
        "--daily-send-count",
        "10",
    )
    assert first["policy"] == {"dailyAmount": "500.00", "dailySendCount": 10}
    assert versions(provider)["provider"] == first["version"]
    assert first["providerSources"]["dailyAmount"] == "provider"

    second = run("set_provider_limits", "--provider", provider.id, "--unset", "dailyAmount")
    assert second["policy"] == {"dailySendCount": 10}
    assert second["version"] != first["version"]
    assert second["providerSources"]["dailyAmount"] == "platform"

    cleared = run("set_provider_limits", "--provider", provider.id, "--clear")
    assert cleared == {"providerID": provider.id, "cleared": True, "_stderr": ""}
    assert "provider" not in versions(provider)


def test_a_value_above_the_maximum_is_stored_with_a_note(provider):
    data = run("set_provider_limits", "--provider", provider.id, "--daily-amount", "99999.99")
    assert data["policy"]["dailyAmount"] == "99999.99"
    assert "above the platform maximum 25000.00 USD" in data["_stderr"]


def test_unknown_provider_is_an_error():
    with pytest.raises(CommandError, match="does not exist"):
        call_command("set_provider_limits", "--provider", "prv_nope", "--daily-amount", "1")


def test_group_lifecycle_through_commands(provider):
    enrollment(provider, "cust-1")
    created = run(
        "create_limit_group",
        "--provider",
        provider.id,
        "--name",
        "VIP",
        "--daily-amount",
        "4000.00",
    )
    group_id = created["groupID"]
    assert group_id.startswith("grp_")
    assert created["ceilings"] == {"dailyAmount": "4000.00"}

    added = run("add_to_limit_group", "--group", group_id, "--participant", "cust-1")
    assert added["added"] is True
    again = run("add_to_limit_group", "--group", group_id, "--participant", "cust-1")
    assert again["added"] is False
    assert LimitGroupMembership.objects.filter(group_id=group_id).count() == 1
    limit = effective(provider, "cust-1")["effectiveLimits"]["dailyAmount"]
    assert (limit["source"], limit["ceiling"]["value"]) == ("group:VIP", "4000.00")

    updated = run(
        "set_limit_group", "--group", group_id, "--name", "Gold", "--weekly-amount", "6000"
    )
    assert updated["name"] == "Gold" and updated["members"] == 1
    assert updated["ceilings"] == {"dailyAmount": "4000.00", "weeklyAmount": "6000.00"}
    run("set_limit_group", "--group", group_id, "--unset", "daily-amount")
    limits = effective(provider, "cust-1")["effectiveLimits"]
    assert limits["dailyAmount"]["source"] == "platform"
    assert limits["weeklyAmount"]["source"] == "group:Gold"

    removed = run("remove_from_limit_group", "--group", group_id, "--participant", "cust-1")
    assert removed["endedOn"]
    assert effective(provider, "cust-1")["effectiveLimits"]["weeklyAmount"]["source"] == "platform"

    deleted = run("delete_limit_group", "--group", group_id)
    assert deleted["deletedOn"]
    with pytest.raises(CommandError, match="no live limit group"):
        call_command("add_to_limit_group", "--group", group_id, "--participant", "cust-1")


def test_group_names_are_unique_among_live_groups_and_plain(provider):
    run("create_limit_group", "--provider", provider.id, "--name", "VIP")
    with pytest.raises(CommandError, match="already has a limit group named"):
        call_command("create_limit_group", "--provider", provider.id, "--name", "VIP")
    with pytest.raises(CommandError, match="cannot contain"):
        call_command("create_limit_group", "--provider", provider.id, "--name", "A+ list")
    with pytest.raises(CommandError):
        call_command("create_limit_group", "--provider", provider.id, "--name", "   ")
    assert LimitGroup.objects.count() == 1


def test_a_participant_of_another_provider_cannot_join_the_group(provider, other_provider):
    theirs = enrollment(other_provider, "cust-9")
    created = run("create_limit_group", "--provider", provider.id, "--name", "VIP")
    with pytest.raises(CommandError, match="no participant"):
        call_command(
            "add_to_limit_group",
            "--group",
            created["groupID"],
            "--participant",
            theirs.participant_id,
        )
    assert not LimitGroupMembership.objects.exists()


def test_set_limit_override_by_external_id_with_expiry(provider):
    member = enrollment(provider, "cust-1")
    data = run(
        "set_limit_override",
        "--provider",
        provider.id,
        "--participant",
        "cust-1",
        "--daily-amount",
        "500.00",
        "--daily-send-count",
        "10",
        "--expires-on",
        "2099-01-01T00:00:00Z",
        "--reason",
        "travel",
    )
    assert data["participantID"] == member.participant_id
    assert data["set"] == {"dailyAmount": "500.00", "dailySendCount": 10}
    limits = data["effectiveLimits"]
    assert limits["dailyAmount"]["source"] == "override"
    assert limits["dailyAmount"]["expiresOn"] == "2099-01-01T00:00:00Z"
    assert limits["dailySendCount"] == {
        "ceiling": 10,
        "source": "override",
        "expiresOn": "2099-01-01T00:00:00Z",
    }
    assert limits == selectors.effective_limits(provider_id=provider.id, enrollment=member)
    assert {o.reason for o in LimitOverride.objects.all()} == {"travel"}

    cleared = run(
        "set_limit_override", "--provider", provider.id, "--participant", "cust-1",
        "--clear", "dailySendCount",
    )  # fmt: skip
    assert cleared["effectiveLimits"]["dailySendCount"]["source"] == "platform"
    assert cleared["effectiveLimits"]["dailyAmount"]["source"] == "override"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "at least one"),
        (["--daily-amount", "1", "--expires-on", "2099-01-01T00:00:00"], "UTC offset"),
        (["--daily-amount", "1", "--expires-on", "soon"], "not an ISO 8601"),
        (["--daily-amount", "1", "--expires-on", "2001-01-01T00:00:00Z"], "future"),
        (["--daily-amount", "1", "--clear", "daily-amount"], "both set and cleared"),
        (["--clear", "hourlyAmount"], "unknown dimension"),
    ],
)
def test_set_limit_override_refuses_bad_input(provider, argv, message):
    enrollment(provider, "cust-1")
    with pytest.raises(CommandError, match=message):
        call_command(
            "set_limit_override", "--provider", provider.id, "--participant", "cust-1", *argv
        )
    assert not LimitOverride.objects.exists()


def test_show_limits_prints_what_the_api_returns(provider):
    member = enrollment(provider, "cust-1")
    defaults = run("show_limits", "--provider", provider.id)
    defaults.pop("_stderr")
    assert defaults == provider.client.get(provider.url("/limits/defaults")).json()
    limits = run("show_limits", "--provider", provider.id, "--participant", "cust-1")
    limits.pop("_stderr")
    assert limits == effective(provider, member.participant_id)


def test_commands_record_who_changed_what(provider):
    run("set_provider_limits", "--provider", provider.id, "--daily-amount", "1")
    change = LimitChange.objects.get(kind="provider-policy")
    assert change.actor.display_name == "manage.py set_provider_limits"
    assert change.data["dailyAmount"] == 100
