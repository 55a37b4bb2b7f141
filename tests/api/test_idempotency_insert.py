"""On PostgreSQL a completed key is stored by a statement built once
(common.rows.insert_row); SQLite keeps the ORM's save. Both run here on PostgreSQL and are
held to the same stored row, and the statement's failure on a taken key is the ORM's: the
request answers in-progress and its transaction rolls back."""

import pytest
from django.db import connection, transaction
from django.http import HttpResponse
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from api import idempotency
from api.models import IdempotencyRecord
from common.errors import IdempotencyRequestInProgress

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

OWN = {"id", "key", "created_on", "completed_on", "expires_on", "response_body"}


def _response(body: bytes, status: int = 201) -> HttpResponse:
    response = HttpResponse(body, status=status, content_type="application/json")
    if body:
        response["Location"] = "/providers/prv_1/participants/usr_1"
    return response


def _complete(key: str, body: bytes, *, orm: bool, monkeypatch) -> IdempotencyRecord:
    record = IdempotencyRecord(
        provider_id="prv_1", key=key, fingerprint="f" * 64, created_on=timezone.now()
    )
    with monkeypatch.context() as patched:
        if orm:
            patched.setattr(idempotency, "insert_row", lambda r: r.save(force_insert=True))
        with transaction.atomic(), CaptureQueriesContext(connection) as queries:
            idempotency.complete(record, _response(body))
    assert len(queries) == 1
    assert record.pk is not None and not record._state.adding
    return record


def _stored(record: IdempotencyRecord) -> dict:
    stored = IdempotencyRecord.objects.get(pk=record.pk)
    return {f.attname: getattr(stored, f.attname) for f in IdempotencyRecord._meta.concrete_fields}


@pytest.mark.parametrize(
    "body", [b'{"name":"Zo\xc3\xab \\"O\'Brien\\" \xe6\x9d\xb1\xe4\xba\xac"}', b""]
)
def test_the_statement_stores_what_the_orm_stores(body, monkeypatch):
    by_sql = _complete("by-sql", body, orm=False, monkeypatch=monkeypatch)
    by_orm = _complete("by-orm", body, orm=True, monkeypatch=monkeypatch)
    sql_row, orm_row = _stored(by_sql), _stored(by_orm)
    assert {k: v for k, v in sql_row.items() if k not in OWN} == {
        k: v for k, v in orm_row.items() if k not in OWN
    }
    assert sql_row["key"] == "by-sql"
    assert sql_row["state"] == IdempotencyRecord.State.COMPLETED
    assert sql_row["created_on"] == by_sql.created_on
    assert sql_row["completed_on"] == by_sql.completed_on
    assert sql_row["expires_on"] == by_sql.expires_on
    assert sql_row["response_sealed"] is bool(body)
    # What the statement stored replays the response it was given.
    assert (
        idempotency.Claim(IdempotencyRecord.objects.get(pk=by_sql.pk)).replay_response().content
        == body
    )


def test_a_taken_key_answers_in_progress_and_rolls_the_request_back(monkeypatch):
    _complete("taken", b'{"a":1}', orm=False, monkeypatch=monkeypatch)
    record = IdempotencyRecord(
        provider_id="prv_1", key="taken", fingerprint="e" * 64, created_on=timezone.now()
    )
    with pytest.raises(IdempotencyRequestInProgress), transaction.atomic():
        IdempotencyRecord.objects.create(
            provider_id="prv_1", key="other", fingerprint="d" * 64, created_on=record.created_on
        )
        try:
            idempotency.complete(record, _response(b'{"a":2}'))
        finally:
            # The failed insert left the block to roll back, as the ORM's save does.
            assert transaction.get_rollback()
    assert list(IdempotencyRecord.objects.values_list("key", "fingerprint")) == [
        ("taken", "f" * 64)
    ]
