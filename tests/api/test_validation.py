"""`api.validation.validated` reuses one serializer instance per class and thread: nothing of
one body reaches the next call, nothing of it stays on the instance, and each thread
validates with an instance of its own."""

import gc
import threading
import weakref
from concurrent.futures import ThreadPoolExecutor

import pytest
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from api import validation
from api.validation import validated
from common.errors import BadRequest
from participants.api.serializers import ParticipantCreateSerializer
from reviews.api.serializers import PaymentReviewResolutionSerializer
from tests.api.test_validation_bodies import PARTICIPANT, PARTICIPANT_FULL

PER_BODY = ("initial_data", "_validated_data", "_errors", "_data")


class Body(dict):
    """A dict that can be weakly referenced, to see whether anything still holds it."""


def instance(serializer_class):
    return validation._instance(serializer_class)


def assert_clean(serializer_class):
    serializer = instance(serializer_class)
    assert not any(hasattr(serializer, name) for name in PER_BODY)
    assert serializer._context == {}
    assert serializer.partial is False
    assert serializer.instance is None


def test_optional_fields_of_one_body_are_absent_from_the_next():
    assert "middleName" in validated(ParticipantCreateSerializer, PARTICIPANT_FULL)
    data = validated(ParticipantCreateSerializer, PARTICIPANT)
    assert set(data) == set(PARTICIPANT)
    assert set(data["address"]) == set(PARTICIPANT["address"])


def test_an_invalid_body_then_a_valid_one_and_back():
    with pytest.raises(ValidationError) as first:
        validated(ParticipantCreateSerializer, {**PARTICIPANT, "givenName": ""})
    assert set(first.value.detail) == {"givenName"}
    assert validated(ParticipantCreateSerializer, PARTICIPANT)["givenName"] == "Ada"
    with pytest.raises(ValidationError) as second:
        validated(ParticipantCreateSerializer, {**PARTICIPANT, "familyName": ""})
    assert set(second.value.detail) == {"familyName"}


def check_released(make_body, raises=None):
    body = make_body()
    held = weakref.ref(body)
    nested = weakref.ref(body["address"])
    if raises:
        with pytest.raises(raises):
            validated(ParticipantCreateSerializer, body, context={"body": body})
    else:
        validated(ParticipantCreateSerializer, body, context={"body": body})
    assert_clean(ParticipantCreateSerializer)
    del body
    gc.collect()
    assert held() is None
    assert nested() is None


def test_nothing_of_a_body_stays_on_the_instance():
    address = PARTICIPANT["address"]
    check_released(lambda: Body(PARTICIPANT, address=Body(address)))
    check_released(lambda: Body(PARTICIPANT, address=Body(address, country="XX")), ValidationError)


def test_state_is_cleared_after_an_exception_that_is_not_a_validation_error():
    with pytest.raises(BadRequest):
        validated(PaymentReviewResolutionSerializer, {"resolution": "maybe"}, context={"a": 1})
    assert_clean(PaymentReviewResolutionSerializer)


def test_partial_and_context_last_one_call():
    class Contextual(serializers.Serializer):
        name = serializers.CharField()

        def validate(self, attrs):
            return {**attrs, "seen": self.context.get("seen"), "partial": self.partial}

    assert validated(Contextual, {}, context={"seen": 1}, partial=True) == {
        "seen": 1,
        "partial": True,
    }
    assert_clean(Contextual)
    with pytest.raises(ValidationError) as required:
        validated(Contextual, {})
    assert required.value.get_codes() == {"name": ["required"]}
    assert validated(Contextual, {"name": "n"}) == {"name": "n", "seen": None, "partial": False}


def test_a_call_made_while_the_instance_validates_gets_an_instance_of_its_own():
    class Outer(serializers.Serializer):
        name = serializers.CharField()

        def validate(self, attrs):
            if attrs["name"] == "outer":
                inner = validated(Outer, {"name": "inner"}, context={"depth": 2})
                return {**attrs, "inner": inner, "depth": self.context["depth"]}
            return {**attrs, "depth": self.context["depth"]}

    assert validated(Outer, {"name": "outer"}, context={"depth": 1}) == {
        "name": "outer",
        "inner": {"name": "inner", "depth": 2},
        "depth": 1,
    }
    assert_clean(Outer)


def test_each_thread_validates_with_its_own_instance():
    entered, release = threading.Event(), threading.Event()

    class Blocking(serializers.Serializer):
        name = serializers.CharField()

        def validate(self, attrs):
            if attrs["name"] == "waits":
                entered.set()
                assert release.wait(timeout=30)
            return {**attrs, "seen": self.initial_data["name"]}

    with ThreadPoolExecutor(max_workers=1) as pool:
        other = pool.submit(lambda: (validated(Blocking, {"name": "waits"}), instance(Blocking)))
        assert entered.wait(timeout=30)
        # The other thread is inside validation: this thread's instance is not that one.
        assert validated(Blocking, {"name": "here"}) == {"name": "here", "seen": "here"}
        release.set()
        data, their_instance = other.result(timeout=30)
    assert data == {"name": "waits", "seen": "waits"}
    assert their_instance is not instance(Blocking)


def test_one_instance_per_class_in_a_thread():
    validated(ParticipantCreateSerializer, PARTICIPANT)
    first = instance(ParticipantCreateSerializer)
    validated(ParticipantCreateSerializer, PARTICIPANT_FULL)
    assert instance(ParticipantCreateSerializer) is first
    assert instance(PaymentReviewResolutionSerializer) is not first
