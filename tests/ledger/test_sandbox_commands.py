"""Staff commands that steer the sandbox ledger (demos and manual testing)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger.sandbox.models import SandboxFaults

pytestmark = pytest.mark.django_db


def run(*args) -> dict:
    out = StringIO()
    call_command(*args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_set_and_show_faults(provider):
    data = run(
        "sandbox_faults",
        "--provider",
        provider.id,
        "--rate-503",
        "0.25",
        "--rate-429",
        "0.1",
        "--retry-after",
        "4",
        "--next-status",
        "503",
        "--next-status",
        "429",
    )
    assert data["rate503"] == 0.25 and data["rate429"] == 0.1
    assert data["retryAfterSeconds"] == 4 and data["nextStatuses"] == [503, 429]
    assert data["injected"] == {"503": 0, "429": 0, "slow": 0, "scripted": 0}
    assert run("sandbox_faults", "--provider", provider.id)["rate503"] == 0.25
    # Any option replaces the whole setting.
    data = run("sandbox_faults", "--provider", provider.id, "--slow-rate", "0.5")
    assert (data["rate503"], data["slowRate"], data["nextStatuses"]) == (0.0, 0.5, [])
    assert SandboxFaults.objects.get(pk=provider.id).slow_rate == 0.5


def test_fault_rates_are_checked(provider):
    with pytest.raises(CommandError, match="rate_503"):
        run("sandbox_faults", "--provider", provider.id, "--rate-503", "2")


def test_set_and_show_a_balance(provider, settings):
    shown = run("sandbox_balance", "--provider", provider.id, "--funding-source", "acct-9")
    assert shown["availableMinor"] == settings.SANDBOX_LEDGER_OPENING_BALANCE
    assert shown["opened"] is False
    data = run(
        "sandbox_balance",
        "--provider",
        provider.id,
        "--funding-source",
        "acct-9",
        "--set",
        "12345",
        "--currency",
        "EUR",
    )
    assert data == {
        "providerID": provider.id,
        "fundingSource": "acct-9",
        "currency": "EUR",
        "availableMinor": 12345,
        "heldMinor": 0,
        "opened": True,
    }


def test_commands_refuse_when_the_sandbox_is_off(provider, settings):
    settings.SANDBOX_LEDGER_ENABLED = False
    with pytest.raises(CommandError, match="not enabled"):
        run("sandbox_faults", "--provider", provider.id)
    with pytest.raises(CommandError, match="not enabled"):
        run("sandbox_balance", "--provider", provider.id, "--funding-source", "x")


def test_unknown_provider(db):
    with pytest.raises(CommandError, match="does not exist"):
        run("sandbox_faults", "--provider", "prv_nope", "--rate-503", "0.1")
