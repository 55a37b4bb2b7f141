"""With a broker, as without one, a new payout is answered as read back after the commit (the
commit's hooks only publish then, and a worker may already have moved it on). Whatever the
risk verdict (allow, review, deny), what the caller gets is what a fresh read of the row
gives, field by field and as the API renders it."""

import pytest

from config.celery import app as celery_app
from payments.models import Payout
from payments.rendering import render_payout
from tests.payments.factories import enroll, new_payout
from tests.risk.rules import rule

pytestmark = pytest.mark.django_db


@pytest.fixture
def with_broker():
    celery_app.conf.task_always_eager = False
    yield  # tests/conftest.py's eager_celery puts it back


def _fields(payout: Payout) -> dict:
    return {field.attname: getattr(payout, field.attname) for field in Payout._meta.concrete_fields}


@pytest.mark.parametrize("outcome", ["allow", "review", "deny"])
def test_the_payout_returned_is_the_row_written(provider, with_broker, outcome):
    # The default rules allow a small first payout and review a large one.
    amount_minor = 2500 if outcome == "allow" else 60000
    if outcome == "deny":
        rule("amount_at_least", threshold=500, points=100, outcome="deny", name="Large payment")
    sender = enroll(provider.provider)

    returned = new_payout(provider.provider, sender, amount_minor=amount_minor)

    stored = Payout.objects.get(pk=returned.pk)
    assert stored.status == {"allow": "initiated", "review": "initiated", "deny": "denied"}[outcome]
    assert bool(stored.review_ids) is (outcome == "review")
    assert _fields(returned) == _fields(stored)
    assert render_payout(returned, provider.id) == render_payout(stored, provider.id)
