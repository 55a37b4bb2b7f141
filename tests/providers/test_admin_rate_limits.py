"""Staff set a provider's own rate-limit budgets in the admin; its keys meet them at once,
and an emptied field gives the setting back."""

from datetime import UTC, datetime

import pytest
import time_machine
from django.contrib.auth.models import User
from django.test import Client

from providers.models import Provider

pytestmark = pytest.mark.django_db


def _change(client, ctx, **budgets):
    form = {
        "name": ctx.provider.name,
        "reads_per_window": "",
        "writes_per_window": "",
        "webhook_tests_per_window": "",
        **{name: str(value) for name, value in budgets.items()},
        # The provider's API key, shown inline.
        "api_keys-TOTAL_FORMS": "1",
        "api_keys-INITIAL_FORMS": "1",
        "api_keys-0-id": ctx.key_id,
        "api_keys-0-provider": ctx.id,
        "api_keys-0-label": "",
        "api_keys-0-revoked_on": "",
    }
    return client.post(f"/admin/providers/provider/{ctx.id}/change/", form)


@time_machine.travel(datetime(2031, 3, 4, 5, 0, 20, tzinfo=UTC), tick=False)  # one window
def test_staff_set_a_providers_read_budget_and_its_keys_meet_it(provider, settings):
    settings.RATE_LIMIT_WINDOW_SECONDS = 3600
    staff = Client()
    staff.force_login(User.objects.create_superuser("root", "root@example.com", "pw"))
    page = staff.get(f"/admin/providers/provider/{provider.id}/change/")
    assert b"Rate limits of each API key" in page.content

    response = _change(staff, provider, reads_per_window=1)
    assert response.status_code == 302, response.content
    assert Provider.objects.get(pk=provider.id).reads_per_window == 1
    read = provider.url("/limits/defaults")
    assert provider.client.get(read).status_code == 200
    refused = provider.client.get(read)
    assert refused.status_code == 429
    assert refused["RateLimit-Policy"] == '"reads";q=1;w=3600'

    assert _change(staff, provider, reads_per_window=0).status_code == 200  # at least 1
    assert _change(staff, provider).status_code == 302
    assert provider.client.get(read)["RateLimit-Policy"] == (
        f'"reads";q={settings.RATE_LIMIT_READS};w=3600'
    )
