"""GET /providers/{providerID}/participants/{participantID}/effective-limits at the HTTP level."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection
from rest_framework.test import APIClient

from api import scopes
from limits import selectors, services
from limits.models import LimitGroup, PlatformLimits
from tests.limits.helpers import STAFF, START_DEFAULTS, assert_matches_schema, enrollment
from tests.problems import NO_PARTICIPANT, assert_not_found, without_occurrence

pytestmark = pytest.mark.django_db

PROBLEM = "application/problem+json"
MISSING = "usr_01ARZ3NDEKTSV4RRFFQ69G5FAV_user"


def path(ctx, ref: str) -> str:
    return ctx.url(f"/participants/{ref}/effective-limits")


def test_200_by_participant_id_and_by_external_id(provider):
    member = enrollment(provider, "cust-1")
    by_id = provider.client.get(path(provider, member.participant_id))
    by_external = provider.client.get(path(provider, "cust-1"))
    assert by_id.status_code == by_external.status_code == 200
    assert by_id.json() == by_external.json()
    body = by_id.json()
    assert body["participantID"] == member.participant_id
    assert_matches_schema(body, "EffectiveLimitsEnvelope")


def test_a_participant_with_nothing_special_gets_the_platform_defaults(provider):
    enrollment(provider, "cust-1")
    limits = provider.client.get(path(provider, "cust-1")).json()["effectiveLimits"]
    assert limits["perTransactionAmount"] == {
        "ceiling": {
            "value": "1000.00",
            "currency": {
                "code": "USD",
                "decimalPlaces": 2,
                "numericCode": "840",
                "name": "US Dollar",
            },
        },
        "source": "platform",
    }
    assert limits["dailySendCount"] == {
        "ceiling": START_DEFAULTS["dailySendCount"],
        "source": "platform",
    }


def test_amounts_render_with_the_currency_decimal_places(provider, settings):
    """A zero-decimal platform currency renders integral values (the row records JPY)."""
    selectors.get_platform_limits()  # the starting values, stored in USD cents
    settings.PLATFORM_CURRENCY = "JPY"
    PlatformLimits.objects.update(currency="JPY")
    enrollment(provider, "cust-1")
    limit = provider.client.get(path(provider, "cust-1")).json()["effectiveLimits"]["dailyAmount"]
    assert limit["ceiling"]["value"] == str(START_DEFAULTS["dailyAmount"])
    assert limit["ceiling"]["currency"]["decimalPlaces"] == 0


def test_a_currency_other_than_the_stored_one_fails_closed(provider, settings):
    selectors.get_platform_limits()
    settings.PLATFORM_CURRENCY = "EUR"
    with pytest.raises(ImproperlyConfigured, match="stored in USD"):
        selectors.get_platform_limits()


def test_401_without_credentials(provider):
    enrollment(provider, "cust-1")
    response = APIClient().get(path(provider, "cust-1"))
    assert response.status_code == 401
    assert response["Content-Type"] == PROBLEM


def test_403_without_the_limits_read_scope(provider):
    enrollment(provider, "cust-1")
    client = provider.client_with_scopes(scopes.PARTICIPANTS_READ)
    response = client.get(path(provider, "cust-1"))
    assert response.status_code == 403
    assert response["Content-Type"] == PROBLEM
    ok = provider.client_with_scopes(scopes.LIMITS_READ).get(path(provider, "cust-1"))
    assert ok.status_code == 200


def test_403_for_another_providers_path(provider, other_provider):
    enrollment(provider, "cust-1")
    response = other_provider.client.get(path(provider, "cust-1"))
    assert response.status_code == 403


@pytest.mark.parametrize("ref", [MISSING, "nobody"])
def test_404_for_a_missing_participant(provider, ref):
    assert_not_found(provider.client.get(path(provider, ref)), NO_PARTICIPANT)


def test_another_providers_participant_is_the_same_404_as_a_missing_one(provider, other_provider):
    member = enrollment(provider, "cust-1")
    services.set_limit_override(enrollment=member, values={"dailyAmount": 1}, actor=STAFF)

    for ref, missing in ((member.participant_id, MISSING), ("cust-1", "nobody")):
        foreign = other_provider.client.get(path(other_provider, ref))
        absent = other_provider.client.get(path(other_provider, missing))
        assert_not_found(foreign, NO_PARTICIPANT)
        assert_not_found(absent, NO_PARTICIPANT)
        assert without_occurrence(foreign.json()) == without_occurrence(absent.json())


def test_the_same_person_at_two_providers_has_separate_limits(provider, other_provider):
    """Enrollments are per provider: an override at one provider does not follow the person."""
    mine = enrollment(provider, "cust-1")
    theirs = enrollment(other_provider, "cust-1")
    services.set_limit_override(enrollment=mine, values={"dailyAmount": 1}, actor=STAFF)
    assert (
        provider.client.get(path(provider, "cust-1")).json()["effectiveLimits"]["dailyAmount"][
            "source"
        ]
        == "override"
    )
    other = other_provider.client.get(path(other_provider, "cust-1")).json()
    assert other["participantID"] == theirs.participant_id
    assert other["effectiveLimits"]["dailyAmount"]["source"] == "platform"


def test_resolution_costs_the_same_queries_however_many_groups_and_overrides(
    provider, django_assert_num_queries
):
    few, many = enrollment(provider, "few"), enrollment(provider, "many")
    services.create_limit_group(provider_id=provider.id, name="G0", actor=STAFF)
    services.add_to_limit_group(
        group_id=LimitGroup.objects.get(name="G0").id, enrollment=few, actor=STAFF
    )
    for n in range(6):
        group = services.create_limit_group(
            provider_id=provider.id, name=f"M{n}", ceilings={"dailyAmount": 100 + n}, actor=STAFF
        )
        services.add_to_limit_group(group_id=group.id, enrollment=many, actor=STAFF)
    services.set_limit_override(
        enrollment=many, values={"weeklyAmount": 1, "monthlyAmount": 2}, actor=STAFF
    )
    selectors.get_platform_limits()

    # platform, provider policy, memberships with their groups, overrides: one statement on
    # PostgreSQL (limits.levels_sql), four reads elsewhere
    reads = 1 if connection.vendor == "postgresql" else 4
    with django_assert_num_queries(reads):
        selectors.effective_limits(provider_id=provider.id, enrollment=few)
    with django_assert_num_queries(reads):
        limits = selectors.effective_limits(provider_id=provider.id, enrollment=many)
    assert limits["dailyAmount"]["source"] == "group:M0"
