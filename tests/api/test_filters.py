"""The list FilterSets keep the contract's error mapping: the first failing parameter in the
FilterSet's order answers, with its own problem (400 for what the status table names, 422
invalid-request otherwise), and valid values come out as the selectors take them."""

from datetime import UTC, datetime

import pytest
from django.http import QueryDict

from common.errors import BadRequest, InvalidRequest
from events.api.filters import EventFilterSet
from events.models import Event
from payments.api.filters import ParticipantPaymentFilterSet, PaymentFilterSet, parse_filters
from payments.models import Payment


def _payments(query: str, provider_wide=True):
    return parse_filters(QueryDict(query), provider_wide=provider_wide)


def test_valid_values_reach_the_selector_filters():
    filters = _payments(
        "type=payout&type=payout&status=completed&onHold=TRUE&createdFrom=2026-07-01T00:00:00Z"
        "&paymentID=%20pay_1%20&referenceNumber=ab12&participantID=%20usr_x_user"
    )
    assert filters.types == ("payout",)
    assert filters.statuses == ("completed",)
    assert filters.on_hold is True
    assert filters.created_from == datetime(2026, 7, 1, tzinfo=UTC)
    assert (filters.payment_id, filters.reference_number) == ("pay_1", "AB12")
    assert filters.participant_id == "usr_x_user"


def test_the_participant_list_ignores_a_participant_filter():
    assert _payments("participantID=usr_x_user", provider_wide=False).participant_id == ""


@pytest.mark.parametrize(
    ("query", "problem", "detail"),
    [
        ("status=nope", BadRequest, "Unrecognized status 'nope'; one of: initiated, "),
        ("type=gift", InvalidRequest, "type must be payout or request, not 'gift'."),
        ("onHold=maybe", InvalidRequest, "onHold must be true or false."),
        ("createdFrom=yesterday", InvalidRequest, "createdFrom must be an ISO 8601"),
        (
            "createdFrom=2026-07-02T00:00:00Z&createdTo=2026-07-01T00:00:00Z",
            BadRequest,
            "createdTo must be later than createdFrom.",
        ),
        # The first failing parameter answers: type comes before status, the empty range
        # before q.
        ("status=nope&type=gift", InvalidRequest, "type must be payout or request"),
        (
            "q=" + "x" * 101 + "&createdFrom=2026-07-02T00:00:00Z&createdTo=2026-07-01T00:00:00Z",
            BadRequest,
            "createdTo must be later than createdFrom.",
        ),
    ],
)
def test_the_first_failing_parameter_answers_with_its_problem(query, problem, detail):
    with pytest.raises(InvalidRequest) as raised:
        _payments(query)
    assert type(raised.value) is problem
    assert raised.value.detail.startswith(detail)


def test_the_event_feed_names_a_wrong_type():
    filterset = EventFilterSet(QueryDict("type=webhook.test&type="), queryset=Event.objects.none())
    with pytest.raises(InvalidRequest) as raised:
        filterset.event_filters()
    assert type(raised.value) is InvalidRequest
    assert raised.value.detail.startswith("type '' is not an event type; one of: ")


def test_requests_share_the_form_class_and_fields_but_not_values():
    # One form class per FilterSet and fields shared by reference: a request's values never
    # reach another's (they live on the form instance).
    first = PaymentFilterSet(QueryDict("status=completed"), queryset=Payment.objects.none())
    second = PaymentFilterSet(QueryDict("status=failed"), queryset=Payment.objects.none())
    assert type(first.form) is type(second.form)
    assert first.form.fields["status"] is second.form.fields["status"]
    assert first.payment_filters().statuses == ("completed",)
    assert second.payment_filters().statuses == ("failed",)
    assert ParticipantPaymentFilterSet.get_form_class() is not PaymentFilterSet.get_form_class()
    assert "participantID" not in ParticipantPaymentFilterSet.get_form_class().base_fields


@pytest.mark.django_db
def test_the_filters_are_copied_when_something_filters_a_queryset():
    # django-filter's own `.qs` still works: the filters are copied and bound on first use.
    filterset = EventFilterSet(QueryDict("type=payout.created"), queryset=Event.objects.all())
    assert filterset.filters["type"].parent is filterset
    assert filterset.filters["type"] is not EventFilterSet.base_filters["type"]
    assert list(filterset.qs) == []
