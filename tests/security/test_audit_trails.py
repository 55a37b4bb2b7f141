"""The three changes an attacker on a staff account made, each on its trail with its actor and
shown in the admin's audit views: staff privileges (from the admin and from the server), a
provider's ledger registration (URLs and key, from the admin and `set_ledger`), and a risk
list entry deleted."""

import json

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command

from ledger import keys
from ledger.models import LedgerRegistration, LedgerRegistrationChange
from ledger.registration import register_ledger
from risk.models import RiskChange, RiskListEntry
from security.models import StaffChange
from tests.reviews.admin_support import ANALYST, AUDITOR, logged_in, review_group, staff_user

pytestmark = pytest.mark.django_db

URLS = {
    "authorize_url": "http://ledger.example/authorize",
    "release_url": "http://ledger.example/release",
    "capture_url": "http://ledger.example/capture",
}


def _listed(client, url: str, *texts: str) -> None:
    page = client.get(url)
    assert page.status_code == 200
    for text in texts:
        assert text in page.content.decode(), text


def test_staff_privilege_changes_are_recorded_with_their_actor_and_shown():
    root = staff_user("audit_root", group=None, superuser=True)
    user = staff_user("audit_una", group=None)
    client = logged_in(root)
    group = review_group(ANALYST)
    response = client.post(
        f"/admin/auth/group/{group.pk}/change/",
        {"name": ANALYST, "permissions": [str(p.pk) for p in group.permissions.all()]
         + [str(Permission.objects.get(codename="delete_user").pk)]},
    )  # fmt: skip
    assert response.status_code == 302
    change = StaffChange.objects.get(kind="group", subject=str(group.pk), action="update")
    assert "auth.delete_user" in change.after["permissions"]
    assert "auth.delete_user" not in change.before["permissions"]
    assert (change.actor_kind, change.actor_user_id) == ("user", str(root.pk))
    # From the server (a shell, a command): the operator, by what was run.
    user.is_superuser = True
    user.save()
    flags = StaffChange.objects.get(kind="user", subject=str(user.pk), action="update")
    assert (flags.before["is_superuser"], flags.after["is_superuser"]) == (False, True)
    assert flags.actor_kind == "system" and flags.actor_display_name.endswith("(on the server)")
    Group.objects.create(name="Temporary").delete()
    assert StaffChange.objects.filter(kind="group", label="Temporary").count() == 2
    _listed(client, "/admin/security/staffchange/", "Audit Root", ANALYST, "audit_una")
    detail = client.get(f"/admin/security/staffchange/{change.pk}/change/")
    assert detail.status_code == 200 and "auth.delete_user" in detail.content.decode()
    # Auditors read the trails (security.0004); analysts do not.
    auditor = logged_in(staff_user("audit_aud", group=AUDITOR))
    _listed(auditor, "/admin/security/staffchange/", "Audit Root", "audit_una")
    assert auditor.get("/admin/ledger/ledgerregistrationchange/").status_code == 200
    assert logged_in(staff_user("audit_ana")).get("/admin/security/staffchange/").status_code == 403


def test_ledger_registration_changes_are_recorded_with_their_actor_and_shown(provider, settings):
    settings.LEDGER_REQUIRE_HTTPS = False
    register_ledger(provider_id=provider.id, key=keys.as_jwk(keys.generate()), **URLS)
    created = LedgerRegistrationChange.objects.get(provider_id=provider.id)
    assert (created.action, created.actor_kind, created.before) == ("create", "system", None)
    old_key_id = LedgerRegistration.objects.get(pk=provider.id).key_id
    root = staff_user("ledger_root", group=None, superuser=True)
    client = logged_in(root)
    evil = {name: value.replace("ledger.example", "evil.example") for name, value in URLS.items()}
    response = client.post(
        f"/admin/ledger/ledgerregistration/{provider.id}/change/",
        {**evil, "generate_key": "on"},
    )
    assert response.status_code == 200 and b"New ledger key" in response.content
    change = LedgerRegistrationChange.objects.get(provider_id=provider.id, action="update")
    assert (change.actor_kind, change.actor_user_id) == ("user", str(root.pk))
    assert change.before == {**URLS, "key_id": old_key_id}
    new_key_id = LedgerRegistration.objects.get(pk=provider.id).key_id
    assert change.after == {**evil, "key_id": new_key_id} and new_key_id != old_key_id
    secret = json.loads(response.context["shown_once"])["k"]
    assert secret not in json.dumps([change.before, change.after])  # the thumbprint only
    call_command("set_ledger", "--provider", provider.id, *_url_options(URLS))
    by_command = LedgerRegistrationChange.objects.filter(provider_id=provider.id).first()
    assert by_command.actor_display_name == "manage.py set_ledger (on the server)"
    assert by_command.after["authorize_url"] == URLS["authorize_url"]
    _listed(client, "/admin/ledger/ledgerregistrationchange/", provider.id, "Ledger Root")
    detail = client.get(f"/admin/ledger/ledgerregistrationchange/{change.pk}/change/")
    assert "evil.example/authorize" in detail.content.decode()
    # Re-pointed, never deleted from the admin (a deletion would leave no trail).
    delete = client.post(f"/admin/ledger/ledgerregistration/{provider.id}/delete/", {"post": "yes"})
    assert delete.status_code == 403 and LedgerRegistration.objects.filter(pk=provider.id).exists()


def _url_options(urls: dict) -> list[str]:
    return [f"--{name.replace('_', '-')}={value}" for name, value in urls.items()]


def test_a_deleted_sanctions_entry_is_recorded_with_its_actor_and_shown():
    entry = RiskListEntry.objects.create(kind="sanctioned_name", value="Ivan Listed", level="high")
    analyst = staff_user("list_lee")
    client = logged_in(analyst)
    response = client.post(
        f"/admin/risk/risklistentry/{entry.pk}/delete/",
        {"post": "yes", "change_reason": "Removed from the list"},
    )
    assert response.status_code == 302 and not RiskListEntry.objects.filter(pk=entry.pk).exists()
    change = RiskChange.objects.get(kind="list-entry", subject=str(entry.pk), action="delete")
    assert (change.actor_kind, change.actor_user_id) == ("user", str(analyst.pk))
    assert change.before["value"] == "Ivan Listed"
    _listed(client, "/admin/risk/riskchange/", "Ivan Listed", "List Lee", "Removed from the list")
