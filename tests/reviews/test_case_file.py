"""The analyst's case file: each fired rule with its points and what it matched (the list
entry, and how), the score as the sum it is, the threshold crossed once, signals and enums in
words."""

from reviews.models import ParticipantReview, PaymentReview
from risk.models import RiskListEntry
from tests.payments.factories import enroll, new_payout
from tests.reviews.admin_support import logged_in
from tests.risk.rules import rule


def _page(client, review) -> str:
    model = "participantreview" if isinstance(review, ParticipantReview) else "paymentreview"
    response = client.get(f"/admin/reviews/{model}/{review.pk}/change/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_pep_hit_names_the_list_entry_and_how_it_matched(provider, analyst, settings):
    RiskListEntry.objects.create(kind="pep_name", value="Maria Ortega", level="medium")
    pep = rule(
        "signal_at_least", events=("signup",), signal="pepLevel", level="medium",
        points=30, outcome="review", name="Politically exposed person",
    )  # fmt: skip
    rule("phone_country_mismatch", events=("signup",), points=15, name="Phone abroad")
    enrollment = enroll(provider.provider, given="Maria", family="Ortega", country="GB")
    review = ParticipantReview.objects.get(enrollment=enrollment)
    page = _page(logged_in(analyst), review)
    assert "Politically exposed persons list: medium (rule: at least medium)" in page
    assert "matched “Maria Ortega”" in page and "exact name match" in page
    assert f"#{pep.rule_id}" in page and "+30" in page
    assert "45 = 30 (Politically exposed person) + 15 (Phone abroad)" in page
    assert "pepLevel" not in page


def test_thresholds_of_one_check_are_spelled_out_once(provider, analyst):
    large = rule("amount_at_least", threshold=750, points=20, outcome="review", name="Large")
    rule("amount_at_least", threshold=250, points=30, name="Mid-size")
    payout = new_payout(provider.provider, enroll(provider.provider), amount_minor=95000)
    review = PaymentReview.objects.get(payment_id=payout.id)
    page = _page(logged_in(analyst), review)
    assert review.reason == "Amount 950.00 USD is at least 750.00"  # once, the highest
    assert "is at least 250.00" not in page
    assert f"lower threshold of the same check (see rule {large.rule_id})" in page
    assert "50 = 20 (Large) + 30 (Mid-size)" in page
    assert "forces a review" in page
