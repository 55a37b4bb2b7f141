"""Staff users in the analysts' groups, and reading what the queues show."""

import importlib
from urllib.parse import urlencode

from django.contrib.auth.models import Group, Permission, User
from django.db.models import Q
from django.test import Client

_groups = importlib.import_module("reviews.migrations.0003_review_permission_groups")
_moved = importlib.import_module("reviews.migrations.0008_risk_models_moved_to_risk")
_trails = importlib.import_module("security.migrations.0004_auditors_read_the_trails")

PASSWORD = "correct horse battery staple"
ANALYST = "Risk analyst"
AUDITOR = "Auditor"


def review_group(name: str) -> Group:
    """The group the migrations create. Tests that flush the database (live server ones)
    remove it, so it is made again from the migrations' own lists when missing (the risk
    models' permissions are the risk app's since they moved)."""
    group, created = Group.objects.get_or_create(name=name)
    if created:
        codenames = (
            _groups._analyst_codenames() if name == ANALYST else _groups._auditor_codenames()
        )
        codenames.append(("risk", "view_riskchange"))  # risk.0002
        if name == AUDITOR:
            codenames.extend(_trails.TRAILS)  # security.0004
        wanted = Q()
        for app_label, codename in codenames:
            if codename.split("_", 1)[1] in _moved.MOVED:
                app_label = "risk"
            wanted |= Q(content_type__app_label=app_label, codename=codename)
        group.permissions.set(Permission.objects.filter(wanted))
    return group


def staff_user(username: str, *, group: str | None = ANALYST, superuser: bool = False) -> User:
    first, _, last = username.partition("_")
    user = User.objects.create_user(
        username,
        f"{username}@risk.example",
        PASSWORD,
        first_name=first.capitalize(),
        last_name=last.capitalize(),
        is_staff=True,
        is_superuser=superuser,
    )
    if group:
        user.groups.add(review_group(group))
    return user


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def queue_rows(client, url: str, query: dict | None = None) -> list[str]:
    """The review IDs a queue page lists, in order."""
    response = client.get(url + ("?" + urlencode(query) if query else ""))
    assert response.status_code == 200, response.content.decode()[:2000]
    return [review.pk for review in response.context["cl"].result_list]


def assert_acted_by(recorded: dict, user: User, provider_id: str) -> None:
    """A resolution or note (as the API renders it) records the staff user for the provider."""
    assert recorded["actor"] == {
        "kind": "user",
        "userID": str(user.pk),
        "callingAccountID": provider_id,
    }
    assert recorded["resolvedByDisplay"] == {
        "displayName": user.get_full_name(),
        "email": user.email,
    }
