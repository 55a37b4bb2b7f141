import threading

import pytest
from django.core import signing
from django.db import connection

from api import pagination
from tests.participants.factories import create_participant

PROBLEM = "application/problem+json"


@pytest.mark.django_db
@pytest.mark.parametrize("limit", ["0", "101", "abc", "1.5", ""])
def test_limit_outside_1_to_100_is_400(provider, limit):
    response = provider.client.get(provider.url(f"/participants?limit={limit}"))
    assert response.status_code == 400
    assert response["Content-Type"] == PROBLEM


@pytest.mark.django_db
def test_default_page_is_25_and_limit_100_is_allowed(provider):
    for _ in range(26):
        create_participant(provider)
    body = provider.client.get(provider.url("/participants")).json()
    assert len(body["participants"]) == 25 and body["hasMore"] is True
    body = provider.client.get(provider.url("/participants?limit=100")).json()
    assert len(body["participants"]) == 26 and body["hasMore"] is False
    assert "nextCursor" not in body


@pytest.mark.django_db
def test_last_page_exactly_full_has_no_next_cursor(provider):
    for _ in range(2):
        create_participant(provider)
    body = provider.client.get(provider.url("/participants?limit=2")).json()
    assert body["hasMore"] is False and "nextCursor" not in body


@pytest.mark.django_db
# Explicit ids: a signed value carries its signing time, so as an id it would differ between
# the processes of a parallel run (pytest -n) that collect the tests.
@pytest.mark.parametrize(
    "cursor",
    ["garbage", "eyJ9", signing.dumps({"p": "x"}, salt="other")],
    ids=["garbage", "truncated-json", "signed-for-another-use"],
)
def test_malformed_cursor_is_400_invalid_cursor(provider, cursor):
    response = provider.client.get(provider.url(f"/participants?cursor={cursor}"))
    assert response.status_code == 400
    assert response.json()["type"].endswith("/errors#invalid-cursor")


@pytest.mark.django_db
def test_cursor_of_another_provider_is_400(provider, other_provider):
    for ctx in (provider, other_provider):
        for _ in range(2):
            create_participant(ctx)
    cursor = provider.client.get(provider.url("/participants?limit=1")).json()["nextCursor"]
    response = other_provider.client.get(other_provider.url(f"/participants?cursor={cursor}"))
    assert response.status_code == 400
    assert response.json()["type"].endswith("/errors#invalid-cursor")


def test_cursor_is_bound_to_scope_and_filters():
    from datetime import UTC, datetime

    at = datetime(2026, 1, 1, tzinfo=UTC)
    cursor = pagination.encode_cursor(
        provider_id="prv_a", scope="/x", filters={"type": "payout"}, at=at, pk="po_1"
    )
    assert pagination.decode_cursor(
        cursor, provider_id="prv_a", scope="/x", filters={"type": "payout"}
    ) == (at, "po_1")
    for kwargs in (
        {"provider_id": "prv_b", "scope": "/x", "filters": {"type": "payout"}},
        {"provider_id": "prv_a", "scope": "/y", "filters": {"type": "payout"}},
        {"provider_id": "prv_a", "scope": "/x", "filters": {"type": "request"}},
    ):
        with pytest.raises(pagination.InvalidCursor):
            pagination.decode_cursor(cursor, **kwargs)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_walk_while_rows_are_inserted_has_no_duplicates_or_skips(provider):
    existing = [create_participant(provider)["participantID"] for _ in range(30)]
    stop = threading.Event()
    inserted: list[str] = []

    def writer():
        try:
            while not stop.is_set() and len(inserted) < 20:
                inserted.append(create_participant(provider)["participantID"])
        finally:
            connection.close()

    thread = threading.Thread(target=writer)
    thread.start()
    seen: list[str] = []
    cursor = None
    try:
        while True:
            suffix = f"&cursor={cursor}" if cursor else ""
            body = provider.client.get(provider.url(f"/participants?limit=4{suffix}")).json()
            seen += [p["participantID"] for p in body["participants"]]
            cursor = body.get("nextCursor")
            if not cursor:
                break
    finally:
        stop.set()
        thread.join()
    assert len(seen) == len(set(seen)), "a row was served twice"
    # Every row that existed before the walk began is served exactly once, in order.
    assert [pid for pid in seen if pid in set(existing)] == existing[::-1]
    # Rows inserted during the walk are newer than the first page's head, so never in it.
    assert not set(seen) & set(inserted) - set(seen[:4])
