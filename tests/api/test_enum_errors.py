"""Every query value outside its enum is answered with the values it may take; a query
value that is not UTF-8 is a validation failure, not an empty search."""

import pytest

from events.types import ALL_TYPES
from payments.models import ALL_STATUSES

pytestmark = pytest.mark.django_db


def _detail(response, status: int) -> str:
    assert response.status_code == status, response.content
    return response.json()["detail"]


def test_an_unknown_payment_status_lists_the_statuses(provider):
    detail = _detail(provider.client.get(provider.url("/payments"), {"status": "done"}), 400)
    assert detail.startswith("Unrecognized status 'done'; one of: ")
    assert all(status in detail for status in ALL_STATUSES)


def test_an_unknown_payment_type_lists_the_types(provider):
    detail = _detail(provider.client.get(provider.url("/payments"), {"type": "foo"}), 422)
    assert "payout" in detail and "request" in detail


def test_an_unknown_event_type_lists_the_types(provider):
    detail = _detail(provider.client.get(provider.url("/events"), {"type": "nope"}), 422)
    assert detail.startswith("type 'nope' is not an event type; one of: ")
    assert all(event_type in detail for event_type in ALL_TYPES)


def test_an_unknown_review_status_lists_the_statuses(provider):
    detail = _detail(
        provider.client.get(provider.url("/participant-reviews"), {"status": "x"}), 400
    )
    assert "pending" in detail and "resolved" in detail


@pytest.mark.parametrize("query", ["q=%ff%fe", "q=abc&status=%c3", "%ff=1"])
def test_a_query_value_that_is_not_utf8_is_422(provider, query):
    response = provider.client.get(provider.url("/payments") + "?" + query)
    detail = _detail(response, 422)
    assert response.json()["type"].endswith("/errors#invalid-request")
    assert "must be UTF-8" in detail


def test_percent_encoded_utf8_is_fine(provider):
    response = provider.client.get(provider.url("/payments") + "?q=%C3%A9l%C3%A8ne")
    assert response.status_code == 200
