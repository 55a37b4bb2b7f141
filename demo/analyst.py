"""A demo risk analyst for the admin review queue, with a fresh password at every seed
(printed once, like the demo API key)."""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

USERNAME = "analyst"
GROUP = "Risk analyst"


def seed_analyst() -> tuple[str, str]:
    user, _ = get_user_model().objects.get_or_create(
        username=USERNAME,
        defaults={"first_name": "Demo", "last_name": "Analyst", "email": "analyst@demo.example"},
    )
    password = secrets.token_urlsafe(12)
    user.is_staff = True
    user.is_active = True
    user.set_password(password)
    user.save()
    # The group and its permissions come from a migration; get_or_create only so a database
    # flushed by a test still seeds.
    user.groups.add(Group.objects.get_or_create(name=GROUP)[0])
    return USERNAME, password
