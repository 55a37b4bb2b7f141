"""A provider-wide q by a name or a long phone fragment (payments.search).

The names a provider sees are kept per party (`PartyName`); a q in a name walks each such
party's entries in page order, an unbound party's by the name recorded for it, and a phone
fragment of seven digits or more looks one gram up exactly. The pages are the matches newest
first whichever way they were found (the list oracle checks every q against the rule).
"""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from payments import search
from payments.models import PartyName
from payments.services import claim_payout
from tests.conftest import is_postgres
from tests.payments.factories import enroll, make_payment, new_payout
from tests.payments.test_q_branches import _page_query

pytestmark = pytest.mark.django_db

PAGE_SIZES = (1, 3, 100)


def _pages(ctx, params: dict, limit: int) -> list[str]:
    ids, cursor = [], None
    while True:
        query = {**params, "limit": limit, **({"cursor": cursor} if cursor else {})}
        response = ctx.client.get(ctx.url("/payments"), query)
        assert response.status_code == 200, response.content
        body = response.json()
        assert len(body["payments"]) <= limit
        ids += [row["paymentID"] for row in body["payments"]]
        if not body["hasMore"]:
            return ids
        cursor = body["nextCursor"]


def _named_world(provider, other_provider):
    """Hana Nguyen three times over: this provider's participant, another provider's (under
    the name she gave when she claimed), and a recipient who claimed without being one."""
    start = timezone.now() - timedelta(days=1)
    hana = enroll(provider.provider, given="Hana", family="Nguyen")
    ada = enroll(provider.provider, given="Ada", family="Byron")
    other = enroll(other_provider.provider, given="Hannah", family="Nguyen-Li")

    def at(minutes):
        return start + timedelta(minutes=minutes)

    matches = [
        make_payment(hana, counterparty=ada, created_on=at(1)),
        make_payment(ada, counterparty=hana, type="request", created_on=at(2)),
        make_payment(ada, counterparty=other, counterparty_name="Hana Nguyen", created_on=at(3)),
        make_payment(ada, counterparty_name="Hana Nguyen", status="claiming", created_on=at(4)),
        make_payment(ada, memo="Dinner with hana nguyen", created_on=at(5)),
        make_payment(hana, created_on=at(5)),  # a tie on createdOn
    ]
    others = [
        make_payment(ada, counterparty=other, created_on=at(6)),  # her own name, not Hana's
        make_payment(ada, counterparty_name="Hana Ng", created_on=at(7)),
        make_payment(ada, memo="Rent", created_on=at(8)),
    ]
    assert len(others) == 3
    matches.sort(key=lambda p: (p.created_on, p.id), reverse=True)
    return [p.id for p in matches]


@pytest.mark.parametrize("limit", PAGE_SIZES)
def test_a_name_finds_every_party_seen_under_it(provider, other_provider, limit):
    expected = _named_world(provider, other_provider)
    assert _pages(provider, {"q": "  hana NGUYEN "}, limit) == expected


def test_each_party_named_is_its_own_ordered_walk(provider, other_provider):
    _named_world(provider, other_provider)
    sql = _page_query(provider, {"q": "hana nguyen", "limit": 2})
    if not is_postgres():
        assert "UNION" not in sql  # SQLite: one OR over the text
        return
    parts = sql.split(" UNION ")
    # The memo; the unbound recipient by name; Hana, Hannah (recorded as Hana) each as own
    # and as other party.
    assert len(parts) == 6, sql
    assert re.search(r"\"search_memo\"(::text)? LIKE '%hana nguyen%'", parts[0]), parts[0]
    assert "\"unbound_name\" = 'hana nguyen'" in parts[1], parts[1]
    for part in parts[2:]:
        assert re.search(r'"(other_)?participant_id" = \'usr_', part), part
    # No part tests the text of every entry.
    assert all("participant_id" in part or "memo" in part or "unbound" in part for part in parts)


def test_a_name_in_many_parties_tests_the_text_instead(provider, other_provider, monkeypatch):
    expected = _named_world(provider, other_provider)
    monkeypatch.setattr(search, "MAX_NAMED_PARTIES", 2)
    assert _pages(provider, {"q": "hana nguyen"}, 2) == expected
    assert "UNION" not in _page_query(provider, {"q": "hana nguyen"})


def test_the_names_seen_are_kept_as_payments_are_made_and_claimed(
    sandbox_ledger, provider, other_provider
):
    sender = enroll(provider.provider, given="Omar", family="Haddad")
    recipient = enroll(other_provider.provider, given="Lena", family="Novak")
    payout = new_payout(provider.provider, sender)
    seen = lambda: set(PartyName.objects.values_list("provider_id", "participant_id", "name"))  # noqa: E731
    assert seen() == {(provider.id, sender.participant_id, "omar haddad")}
    payout = claim_payout(
        payout_id=payout.id,
        recipient_provider_id=other_provider.id,
        recipient=recipient.participant_id,
        recipient_name="L. Novak",
    )
    assert seen() == {
        (provider.id, sender.participant_id, "omar haddad"),
        (provider.id, recipient.participant_id, "l. novak"),  # the name she gave
        (other_provider.id, sender.participant_id, "omar haddad"),
        (other_provider.id, recipient.participant_id, "lena novak"),  # her own provider's
    }
    assert _pages(provider, {"q": "l. novak"}, 5) == [payout.id]
    assert _pages(other_provider, {"q": "lena novak"}, 5) == [payout.id]
    assert _pages(provider, {"q": "lena novak"}, 5) == []


@pytest.mark.parametrize(
    "q, matched",
    [
        ("415-555-0123", {0}),  # ten digits: a gram looked up, then the whole fragment
        ("(415) 5550", {0, 1}),  # seven digits
        ("555 01", {0, 1, 2}),  # five: the digits' trigrams
        ("4155550999", set()),  # its gram is in a phone, the whole fragment in none
    ],
)
def test_a_phone_fragment_matches_the_addressed_phone_s_digits(provider, q, matched):
    ada = enroll(provider.provider, given="Ada", family="Byron")
    start = timezone.now() - timedelta(hours=1)
    phones = ["+14155550123", "+14155550188", "+16505550101", "+442079460123"]
    payments = [
        make_payment(ada, phone=phone, created_on=start + timedelta(minutes=n))
        for n, phone in enumerate(phones)
    ]
    expected = [payments[n].id for n in sorted(matched, reverse=True)]
    assert _pages(provider, {"q": q}, 2) == expected


@pytest.mark.postgres
def test_a_long_fragment_looks_its_gram_up_first(provider):
    ada = enroll(provider.provider, given="Ada", family="Byron")
    make_payment(ada, phone="+14155550123")
    sql = _page_query(provider, {"q": "(415) 555-0123"})
    assert '= ANY(ARRAY(SELECT "id" FROM "payments_paymententry" WHERE' in sql, sql
    assert "payment_digit_grams(\"search_digits\") @> ARRAY['4155550']::text[]" in sql, sql
    short = _page_query(provider, {"q": "555-01"})
    assert "payment_digit_grams" not in short and "search_digits" in short


@pytest.mark.postgres
def test_the_grams_index_is_the_phones_seven_digit_runs():
    with connection.cursor() as cursor:
        cursor.execute("SELECT payment_digit_grams('14155550123'), payment_digit_grams('12345')")
        grams, short = cursor.fetchone()
    assert sorted(grams) == sorted({"14155550123"[i : i + 7] for i in range(5)})
    assert short == []


@pytest.mark.postgres
def test_a_q_without_a_trigram_finds_its_memos_by_their_grams(provider):
    ada = enroll(provider.provider, given="Ada", family="Byron")
    start = timezone.now() - timedelta(days=1)
    memos = ["Lazy zq fox", "no match", "ZQ again!!", "z q", "quiz"]
    payments = [
        make_payment(ada, memo=memo, created_on=start + timedelta(minutes=n))
        for n, memo in enumerate(memos)
    ]
    with CaptureQueriesContext(connection) as captured:
        assert _pages(provider, {"q": "zq"}, 1) == [payments[2].id, payments[0].id]
    grams = 'payment_short_grams("payments_paymententry"."search_memo") @> (ARRAY'
    assert any(grams in q["sql"] for q in captured.captured_queries)
    assert _pages(provider, {"q": "!!"}, 2) == [payments[2].id]


@pytest.mark.postgres
def test_the_short_grams_are_a_texts_characters_and_pairs():
    with connection.cursor() as cursor:
        cursor.execute("SELECT payment_short_grams('abca'), payment_short_grams('')")
        grams, empty = cursor.fetchone()
    assert sorted(grams) == ["a", "ab", "b", "bc", "c", "ca"]
    assert empty == []
