"""A claim refused because a payment review holds the payout names that review."""

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from common.commands import problem_of
from payments import services
from payments.errors import IllegalTransition
from tests.reviews.factories import payout_in_review


def test_a_held_payout_names_the_review_that_blocks_its_claim(provider):
    payout, review = payout_in_review(provider.provider, status="accepted")
    with pytest.raises(IllegalTransition, match=review.pk) as refused:
        services.claim_payout(payout_id=payout.id)
    assert "once that review is approved" in str(refused.value)


def test_the_claim_command_reports_it_as_a_state_conflict(provider):
    payout, review = payout_in_review(provider.provider, status="accepted")
    out = StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("claim_payout", "--payout", payout.id, "--json", stdout=out)
    problem = problem_of(failed.value)  # what --json prints from the command line
    assert problem["status"] == 409 and problem["type"].endswith("/errors#state-conflict")
    assert review.pk in problem["detail"]
