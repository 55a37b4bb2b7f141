"""Property-based run of every documented operation against the app, in-process over WSGI.

Each generated request must get a documented status, a response matching its schema, and
never a 5xx. The provider in the path is the caller's own, so requests reach the handlers.
The caller owns a participant, a funding source, payouts, a request, a limit group, a
participant review, a (rejected) review command, a payment review, an assessment with device
observations, a webhook endpoint and an event; about half of the positive cases have their
path IDs replaced by those, and about half send an idempotency key not used before (generated
keys repeat, and a key sent again with another body is a 409), so success answers (not only
404s and 409s) are checked against the schema too.

CI runs at least 100 examples per operation (`.ci/run` exports SCHEMATHESIS_MAX_EXAMPLES);
the local default is smaller to keep `make test` quick.
"""

import itertools
import os
import re
from pathlib import Path

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.core.result import Ok

from common.actors import Actor
from config.wsgi import application
from events import services as event_services
from limits import services as limit_services
from tests.conftest import basic_auth
from tests.payments.factories import enroll, make_payment
from tests.reviews.factories import payout_in_review, pending_review, rejected_command
from tests.risk.factories import observed_payment
from tests.routes import METHODS, openapi_path, provider_routes

ROOT = Path(__file__).resolve().parent.parent
CI_MIN_EXAMPLES = 100
MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "25"))

CONFIG = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=CONFIG)


def _seed(ctx) -> dict:
    """Resources the caller owns, by the path parameter that names them."""
    owner = enroll(ctx.provider, external_id="st-owner")
    other = enroll(ctx.provider, given="Bob", family="Okafor")
    payout = make_payment(owner, memo="Dinner", counterparty=other, status="completed")
    request = make_payment(owner, type="request", hold=True)
    group = limit_services.create_limit_group(
        provider_id=ctx.id, name="Schemathesis", ceilings={"dailyAmount": 500}, actor=Actor.system()
    )
    limit_services.add_to_limit_group(group_id=group.id, enrollment=owner, actor=Actor.system())
    review = pending_review(ctx.provider, owner)
    command = rejected_command(ctx.provider, review)
    held, payment_review = payout_in_review(ctx.provider)
    observed, found = observed_payment(ctx.provider)
    endpoint, _secret = event_services.create_endpoint(
        provider_id=ctx.id, url="https://hooks.example.com/schemathesis"
    )
    event = event_services.send_test(provider_id=ctx.id, endpoint_id=endpoint.pk)
    return {
        "participantID": (owner.participant_id, owner.external_id),
        "fundingSourceID": (owner.funding_sources.get().pk,),
        "payoutID": (payout.id, held.id),
        "requestID": (request.id,),
        "groupID": (group.id,),
        "reviewID": ((payment_review.pk,), (review.pk,)),
        "paymentID": (observed.id,),
        "assessmentID": (found.pk,),
        "endpointID": (endpoint.pk,),
        "eventID": (event.pk,),
        "commandID": (command.pk,),
    }


@pytest.fixture
def caller(provider):
    # The app is called over raw WSGI, so Django's request signals would close the test's
    # database connection mid-transaction; the test client disconnects them the same way.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield provider, _seed(provider)
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


_POSITIVE_CASES = itertools.count()


def _use_owned_ids(case, owned: dict) -> None:
    """Replace generated path IDs by the caller's real ones, and a generated idempotency key by
    one not used before, in every other positive case (generated values repeat, so counting
    cases, not hashing values, keeps it half; a derandomized run stays reproducible)."""
    if case.meta is not None and case.meta.generation.mode.is_negative:
        return
    turn = next(_POSITIVE_CASES)
    if turn % 2:
        return
    for name in case.path_parameters or {}:
        choices = owned.get(name)
        if name == "reviewID":  # a participant review's routes, or a payment review's
            choices = choices["participant-reviews/" in case.path]
        if choices:
            case.path_parameters[name] = choices[(turn // 2) % len(choices)]
    if "X-Idempotency-Key" in (case.headers or {}):
        case.headers["X-Idempotency-Key"] = f"schemathesis-{turn}"


@pytest.mark.schemathesis
@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
def test_operation_conforms_to_schema(case, caller):
    ctx, owned = caller
    if "providerID" in (case.path_parameters or {}):
        case.path_parameters["providerID"] = ctx.id
    _use_owned_ids(case, owned)
    case.call_and_validate(headers={"Authorization": basic_auth(ctx.key_id, ctx.secret)})


def test_every_operation_is_parametrized():
    """What schemathesis runs is every operation of the schema, which is every provider route."""
    loaded = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), f"schemathesis could not load an operation: {result}"
        operation = result.ok()
        loaded.append((operation.method.lower(), operation.path))
    generated = SchemaGenerator().get_schema(request=None, public=True)
    documented = [
        (method, path)
        for path, item in generated["paths"].items()
        for method in item
        if method in METHODS
    ]
    routed = [(method, openapi_path(route)) for route, method in provider_routes()]
    assert sorted(loaded) == sorted(documented) == sorted(routed)


def test_ci_runs_at_least_100_examples_per_operation():
    ci = (ROOT / ".ci" / "run").read_text()
    match = re.search(r"^export SCHEMATHESIS_MAX_EXAMPLES=(\d+)$", ci, re.MULTILINE)
    assert match, ".ci/run must export SCHEMATHESIS_MAX_EXAMPLES"
    assert int(match.group(1)) >= CI_MIN_EXAMPLES
