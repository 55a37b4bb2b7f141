"""The events a participant's changes emit, to the provider whose participant it is (each
provider sees only its own enrollment)."""

from events import services as events
from events import types
from participants.models import Enrollment, FundingSource, Participant
from participants.rendering import render_funding_source, render_participant
from participants.selectors import get_participant_read, has_profile


def _participant(event_type: str, enrollment: Enrollment, **change) -> None:
    # An enrollment read with its profile in this transaction (and locked: a write's path
    # lookup) renders as it is now; any other is read again.
    fresh = (
        enrollment
        if has_profile(enrollment)
        else get_participant_read(enrollment.provider_id, enrollment.participant_id)
    )
    events.record(event_type, {enrollment.provider_id: {**render_participant(fresh), **change}})


def onboarding_finished(enrollment: Enrollment, status: str) -> None:
    event_type = (
        types.PARTICIPANT_DENIED
        if status == Participant.Status.DENIED
        else types.PARTICIPANT_ACTIVATED
    )
    _participant(event_type, enrollment, previousStatus=Participant.Status.PENDING)


def relationship_changed(enrollment: Enrollment) -> None:
    event_type = (
        types.RELATIONSHIP_SUSPENDED if enrollment.suspended else types.RELATIONSHIP_REACTIVATED
    )
    _participant(event_type, enrollment)


def details_corrected(enrollment: Enrollment, changed: list[str]) -> None:
    _participant(types.PARTICIPANT_UPDATED, enrollment, changedFields=changed)


def _funding_source(event_type: str, enrollment: Enrollment, source: FundingSource) -> None:
    data = {
        "participantID": enrollment.participant_id,
        "externalID": enrollment.external_id,
        **render_funding_source(source),
    }
    events.record(event_type, {enrollment.provider_id: data})


def funding_source_added(enrollment: Enrollment, source: FundingSource) -> None:
    _funding_source(types.FUNDING_SOURCE_ADDED, enrollment, source)


def funding_source_removed(enrollment: Enrollment, source: FundingSource) -> None:
    _funding_source(types.FUNDING_SOURCE_REMOVED, enrollment, source)
