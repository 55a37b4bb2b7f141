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


def test_tiers_of_one_check_read_as_one_line_with_the_value_and_thresholds(provider, analyst):
    large = rule("amount_at_least", threshold=750, points=30, outcome="review", name="Large")
    mid = rule("amount_at_least", threshold=250, points=20, name="Mid-size")
    young = rule("account_younger_than", threshold=72, points=20, name="New account")
    payout = new_payout(provider.provider, enroll(provider.provider), amount_minor=95000)
    review = PaymentReview.objects.get(payment_id=payout.id)
    page = _page(logged_in(analyst), review)
    assert review.reason.startswith("Amount 950.00 USD is at least 750.00")  # once, the highest
    assert "is at least 250.00" not in page
    assert "amount 950.00 USD ≥ 750.00 USD" in page  # observed against the threshold crossed
    assert f"≥ 250.00 USD: Mid-size #{mid.rule_id} (+20)" in page  # each tier, one line
    assert f"≥ 750.00 USD: Large #{large.rule_id} (+30)" in page
    assert page.count(f"#{mid.rule_id}") == 1
    assert "enrolled under a minute before &lt; 72 hours" in page and f"#{young.rule_id}" in page
    assert "70 = 50 (Large (2 tiers)) + 20 (New account)" in page
    assert "forces a review" in page and "0.0 hours" not in page


def test_a_pep_entrys_attributes_stand_beside_the_participants_own(provider, analyst):
    from datetime import date

    from common.actors import Actor
    from risk import services
    from tests.reviews.admin_support import staff_user

    editor = staff_user("list_editor")

    services.LIST_ENTRIES.create(
        values={
            "kind": "pep_name",
            "value": "Paula Ortega",
            "level": "medium",
            "date_of_birth": date(1961, 3, 14),
            "country": "es",
            "role": "Member of a regional parliament",
            "source_list": "Demo PEP list",
            "listed_on": date(2019, 6, 1),
        },
        actor=Actor.user(editor),
        reason="Screening provider's monthly file",
    )
    rule("signal_at_least", events=("signup",), signal="pepLevel", level="medium",
         points=30, outcome="review", name="Politically exposed person")  # fmt: skip
    enrollment = enroll(provider.provider, given="Paula", family="Ortega", country="US")
    enrollment.__class__.objects.filter(pk=enrollment.pk).update(date_of_birth=date(1988, 9, 2))
    review = ParticipantReview.objects.get(enrollment=enrollment)
    page = _page(logged_in(analyst), review)
    start = page.index('class="case-list-match"')
    table = page[start : page.index("</table>", start)]
    shown = ("1961-03-14", "1988-09-02", "ES", "US (address)", "Demo PEP list", "2019-06-01")
    for text in (*shown, "Member of a regional parliament", "matched: exact name match"):
        assert text in table, text
    assert table.count("<strong>differs</strong>") == 2
    assert "The date of birth and country differ: possibly a namesake." in page
