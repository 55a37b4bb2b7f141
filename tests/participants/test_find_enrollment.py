"""`selectors.find_enrollment`: on PostgreSQL the statement read_sql builds once per process,
elsewhere the ORM's `select_related("participant")`; both give the same enrollment."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from participants import read_sql, selectors
from participants.models import Enrollment, Participant
from tests.conftest import is_postgres
from tests.participants.factories import create_participant

pytestmark = pytest.mark.django_db


def orm_lookup(provider_id: str, ref: str) -> Enrollment | None:
    return selectors._by_ref(selectors.enrollments_for(provider_id), ref)


def values(enrollment: Enrollment | None):
    """Every column of the enrollment and of its participant, and how each was loaded."""
    if enrollment is None:
        return None
    participant = enrollment.participant
    return (
        {f.attname: getattr(enrollment, f.attname) for f in Enrollment._meta.concrete_fields},
        {f.attname: getattr(participant, f.attname) for f in Participant._meta.concrete_fields},
        (enrollment._state.db, enrollment._state.adding),
        (participant._state.db, participant._state.adding),
        selectors.has_profile(enrollment),
    )


@pytest.fixture
def created(provider):
    create_participant(provider, externalID="someone-else")
    return create_participant(provider, externalID="lookup-1", middleName="Q")


def test_by_participant_id_and_by_external_id(provider, created):
    expected = values(orm_lookup(provider.id, "lookup-1"))
    assert expected is not None
    assert expected[0]["external_id"] == "lookup-1"
    assert expected[0]["provider_id"] == provider.id
    assert expected[1]["id"] == created["participantID"]
    assert expected[4] is False
    for ref in (created["participantID"], "lookup-1"):
        assert values(orm_lookup(provider.id, ref)) == expected
        with CaptureQueriesContext(connection) as queries:
            found = selectors.find_enrollment(provider.id, ref)
            # The participant came with it.
            assert found.participant.status and found.full_name == "Ada Lovelace"
        assert values(found) == expected
        assert len(queries) == 1
        if is_postgres():
            by = "participant" if ref.startswith("usr_") else "external"
            statement = read_sql.ENROLLMENT.text(connection, by, False, False)
            assert queries[0]["sql"].split(" WHERE ")[0] == statement.split(" WHERE ")[0]
            assert "jsonb" not in statement


def test_another_providers_participant_is_none(provider, other_provider, created):
    for ref in (created["participantID"], "lookup-1"):
        assert orm_lookup(other_provider.id, ref) is None
        assert selectors.find_enrollment(other_provider.id, ref) is None


def test_an_unknown_ref_is_none(provider, created):
    for ref in ("usr_unknown", "nobody", ""):
        assert orm_lookup(provider.id, ref) is None
        assert selectors.find_enrollment(provider.id, ref) is None
