"""One hook type for every call up the layers: required hooks fail closed when called empty,
and the system check stops startup while one is empty."""

import importlib

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from common.hooks import Hook, HookNotRegistered, all_hooks, check_required_hooks
from participants import risk as participant_risk
from payments import risk as payment_risk
from risk import links

REQUIRED = {"participants.signup_assessor", "payments.payment_assessor"}


def test_the_risk_hooks_are_required_and_filled_by_reviews():
    assert {hook.name for hook in all_hooks() if hook.required} >= REQUIRED
    assert participant_risk.assessor.current().__module__ == "reviews.screening"
    assert payment_risk.assessor.current().__module__ == "reviews.screening"
    # The risk screens' links to reviews: optional, filled by reviews too.
    assert not links.review_ids.required and links.review_ids.current() is not None
    assert check_required_hooks() == []


@pytest.mark.parametrize("hook", [participant_risk.assessor, payment_risk.assessor], ids=str)
def test_an_empty_required_hook_fails_the_check_and_the_call(hook):
    with hook.replaced(None):
        [error] = check_required_hooks()
        assert error.id == "hooks.E001" and hook.name in error.msg
        with pytest.raises(SystemCheckError, match=r"hooks\.E001"):
            call_command("check")
        with pytest.raises(HookNotRegistered):
            hook.call(object())
    assert hook.current() is not None  # restored
    call_command("check")


def test_the_web_entry_points_refuse_to_start_with_an_empty_required_hook():
    """gunicorn and an ASGI server run no system checks: the entry points check themselves."""
    from config import asgi, wsgi

    with payment_risk.assessor.replaced(None):
        for entry_point in (wsgi, asgi):
            with pytest.raises(ImproperlyConfigured, match=r"payments\.payment_assessor"):
                importlib.reload(entry_point)
    for entry_point in (wsgi, asgi):
        importlib.reload(entry_point)


def test_an_optional_hook_does_nothing_when_empty_and_a_registration_replaces_the_last():
    hook = Hook("tests.optional", required=False, filled_by="nobody")
    assert hook.call(1) is None and check_required_hooks() == []
    hook.register(lambda value: value + 1)
    hook.register(lambda value: value * 10)
    assert hook.call(2) == 20
    with pytest.raises(ValueError, match="exists already"):
        Hook("tests.optional", required=True, filled_by="nobody")
