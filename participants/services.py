"""Every write on participants: creation, onboarding (and its sweep), funding sources and the
relationship."""

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from common.actors import Actor
from common.errors import DuplicateExternalID, StateConflict, VersionConflict
from common.handover import hand_over
from common.locking import lock_or_404
from common.sweeps import take_due
from common.verdicts import RiskVerdict
from participants import create_sql, outbox, relationship_sql, risk, validators
from participants.models import (
    Email,
    Enrollment,
    FundingSource,
    Participant,
    Phone,
    RelationshipAction,
    new_version_id,
)
from providers.models import Provider

logger = logging.getLogger(__name__)
# What the IntegrityError of a duplicate externalID names: the constraint (PostgreSQL) or
# its column (SQLite).
EXTERNAL_ID_CLASH = ("enrollment_provider_external_id", "participants_enrollment.external_id")


@dataclass(frozen=True)
class NewFundingSource:
    funding_type: str
    provider_source_id: str
    display_name: str
    last4: str = ""


@dataclass(frozen=True)
class NewParticipant:
    external_id: str
    given_name: str
    family_name: str
    address_line1: str
    city: str
    state_or_province: str
    postal_code: str
    country: str
    phones: tuple[tuple[str, str], ...]  # (countryCode, number)
    middle_name: str = ""
    nick_name: str = ""
    date_of_birth: object = None
    address_line2: str = ""
    emails: tuple[str, ...] = ()
    funding_sources: tuple[NewFundingSource, ...] = ()


def create_participant(*, provider: Provider, data: NewParticipant) -> Enrollment:
    """Record the participant as `pending`; onboarding finishes in a task after commit.

    The externalID's unique constraint is the duplicate check (no read before the insert).
    No savepoint: inside a request's transaction a failure here fails the whole request
    anyway, and a savepoint costs two round trips."""
    try:
        with transaction.atomic(savepoint=False):
            participant = Participant()
            enrollment = Enrollment(
                provider=provider,
                participant=participant,
                external_id=data.external_id,
                given_name=data.given_name,
                middle_name=data.middle_name,
                family_name=data.family_name,
                nick_name=data.nick_name,
                date_of_birth=data.date_of_birth,
                address_line1=data.address_line1,
                address_line2=data.address_line2,
                city=data.city,
                state_or_province=data.state_or_province,
                postal_code=data.postal_code,
                country=data.country,
            )
            phones = [new_phone(enrollment, code, number) for code, number in data.phones]
            emails = [Email(enrollment=enrollment, email=email) for email in data.emails]
            _insert_new(participant, enrollment, phones, emails)
            upsert_funding_sources(enrollment=enrollment, sources=data.funding_sources)
            transaction.on_commit(lambda: _enqueue_onboarding(participant.id))
    except IntegrityError as exc:
        if any(name in str(exc) for name in EXTERNAL_ID_CLASH):
            raise DuplicateExternalID(
                f"externalID {data.external_id!r} is already used by another participant."
            ) from None
        raise
    return enrollment


def new_phone(enrollment: Enrollment, country_code: str, number: str, **fields) -> Phone:
    """An unsaved phone of `enrollment`, with its E.164 form."""
    return Phone(
        enrollment=enrollment,
        country_code=country_code,
        number=number,
        e164=validators.e164(country_code, number),
        **fields,
    )


def _insert_new(participant, enrollment, phones, emails) -> None:
    """A create's rows: one statement on PostgreSQL (`create_sql`), the ORM's inserts
    elsewhere."""
    if create_sql.applies():
        create_sql.insert(participant, enrollment, phones, emails)
        return
    participant.save(force_insert=True)
    enrollment.save(force_insert=True)
    Phone.objects.bulk_create(phones)
    Email.objects.bulk_create(emails)


def _enqueue_onboarding(participant_id: str) -> None:
    """Hand onboarding to a worker. Never raises: the participant is committed whatever the
    broker says, and the sweeper hands over again what this fails to."""
    from participants.tasks import finish_onboarding

    hand_over(
        finish_onboarding,
        participant_id,
        what=f"onboarding of participant {participant_id}",
        logger=logger,
    )


def sweep_pending_onboarding(*, now: datetime | None = None) -> list[str]:
    """Hand over again the onboarding of every participant still pending a while after its
    creation or its last re-send (the broker lost it, or its worker died before committing).
    The re-send is stamped on its own column: the participant's updatedOn does not move."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.ONBOARDING_REDELIVER_AFTER_SECONDS)
    due = take_due(
        Participant.objects.filter(
            Q(onboarding_resent_on__isnull=True, created_on__lte=cutoff)
            | Q(onboarding_resent_on__lte=cutoff),
            status=Participant.Status.PENDING,
        ),
        stamp="onboarding_resent_on",
        now=now,
        order_by=("created_on",),
    )
    for participant_id in due:
        _enqueue_onboarding(participant_id)
    return due


def upsert_funding_sources(
    *, enrollment: Enrollment, sources: tuple[NewFundingSource, ...] | list
) -> list[FundingSource]:
    """Re-sent sources converge on the existing record (same fundingSourceID), re-enabled and
    relabelled, instead of creating a duplicate."""
    now = timezone.now()
    result = []
    for source in sources:
        record, created = FundingSource.objects.get_or_create(
            enrollment=enrollment,
            funding_type=source.funding_type,
            provider_source_id=source.provider_source_id,
            defaults={"display_name": source.display_name, "last4": source.last4},
        )
        if not created:
            record.display_name = source.display_name
            record.last4 = source.last4
            record.disabled_on = None
            record.updated_on = now
            record.save(update_fields=["display_name", "last4", "disabled_on", "updated_on"])
        result.append(record)
    return result


def add_funding_source(*, enrollment: Enrollment, source: NewFundingSource) -> FundingSource:
    """One more source for an existing participant, converging as a create's sources do; a
    source that becomes active (new, or removed before) is announced."""
    with transaction.atomic():
        was_active = FundingSource.objects.filter(
            enrollment=enrollment,
            funding_type=source.funding_type,
            provider_source_id=source.provider_source_id,
            disabled_on__isnull=True,
        ).exists()
        [record] = upsert_funding_sources(enrollment=enrollment, sources=[source])
        if not was_active:
            outbox.funding_source_added(enrollment, record)
    return record


def finish_onboarding(*, participant_id: str) -> Participant | None:
    """Move a pending participant out of `pending`: the signup risk assessment decides between
    `active` and `denied` (a `review` decision opens a review and the participant is active).
    Idempotent: a re-run changes nothing."""
    with transaction.atomic():
        participant = Participant.objects.select_for_update().filter(pk=participant_id).first()
        if participant is None or participant.status != Participant.Status.PENDING:
            return participant
        # A create makes the participant with exactly one enrollment: the one it signed up with.
        enrollment = (
            Enrollment.objects.filter(participant=participant).order_by("created_on", "pk").first()
        )
        # No enrollment: nothing to assess (a create always makes one).
        verdict = risk.assess(enrollment) if enrollment is not None else RiskVerdict("allow")
        denied = verdict.decision == "deny"
        participant.status = Participant.Status.DENIED if denied else Participant.Status.ACTIVE
        participant.updated_on = timezone.now()
        participant.save(update_fields=["status", "updated_on"])
        if enrollment is not None:
            outbox.onboarding_finished(enrollment, participant.status)
    return participant


def disable_funding_source(*, enrollment: Enrollment, funding_source_id: str) -> FundingSource:
    """Remove a source from use; the record stays with disabledOn so old payouts resolve it."""
    with transaction.atomic():
        source = lock_or_404(
            FundingSource.objects.filter(enrollment=enrollment, pk=funding_source_id),
            "No funding source matches for this participant.",
        )
        if source.disabled_on is None:
            now = timezone.now()
            source.disabled_on = now
            source.updated_on = now
            source.save(update_fields=["disabled_on", "updated_on"])
            outbox.funding_source_removed(enrollment, source)
    return source


def _locked(enrollment_id: int) -> Enrollment:
    # The caller resolved the enrollment within its provider: a plain lock (see common.locking).
    return (
        Enrollment.objects.select_for_update().select_related("participant").get(pk=enrollment_id)
    )


def _locked_at_version(
    enrollment_id: int | None, locked: Enrollment | None, expected_version_id: str
) -> Enrollment:
    """The enrollment, locked, if its relationship is still at the version the caller read; a
    stale version is a version-conflict before anything else (the caller acted on a read that
    is out of date). `locked` is one the caller already read and locked in this transaction
    (`selectors.get_participant_read(..., for_update=True)`): not read again."""
    enrollment = locked if locked is not None else _locked(enrollment_id)
    if enrollment.relationship_version_id != expected_version_id:
        raise VersionConflict(
            "The relationship changed since it was read; read the participant again."
        )
    return enrollment


def suspend(
    *,
    enrollment_id: int | None = None,
    locked: Enrollment | None = None,
    reason_code: str,
    note: str,
    expected_version_id: str,
    actor: Actor,
    review_id: str = "",
) -> tuple[Enrollment, RelationshipAction]:
    """Suspend the relationship (a stale version is refused first). No savepoint (two round
    trips): a refusal fails the caller's transaction, as it fails the request."""
    with transaction.atomic(savepoint=False):
        enrollment = _locked_at_version(enrollment_id, locked, expected_version_id)
        if enrollment.suspended:
            raise StateConflict("The participant is already suspended.")
        return _apply_suspension(enrollment, reason_code, note, actor, review_id)


def suspend_from_review(
    *, enrollment_id: int, reason_code: str, note: str, actor: Actor, review_id: str
) -> tuple[Enrollment, RelationshipAction]:
    """Suspension decided in a participant review; the caller checked both versions under its
    own locks. An already-suspended relationship keeps its original reasonCode and note, but
    its version still advances and the review's decision is written to the history."""
    with transaction.atomic():
        enrollment = _locked(enrollment_id)
        return _apply_suspension(enrollment, reason_code, note, actor, review_id)


def _apply_suspension(enrollment, reason_code, note, actor, review_id):
    """Suspend (a relationship already suspended keeps its classification), advance the
    version and record the decision in the history."""
    now = timezone.now()
    fields = ["relationship_version_id", "updated_on"]
    if not enrollment.suspended:
        enrollment.suspended = True
        enrollment.suspended_on = now
        enrollment.suspension_reason_code = reason_code
        enrollment.suspension_note = note or ""
        fields += ["suspended", "suspended_on", "suspension_reason_code", "suspension_note"]
    enrollment.relationship_version_id = new_version_id()
    enrollment.updated_on = now
    action = _action(
        enrollment,
        RelationshipAction.Action.SUSPEND,
        actor,
        now,
        reason_code=reason_code,
        note=note,
        review_id=review_id,
    )
    _save_change(enrollment, fields, action)
    outbox.relationship_changed(enrollment)
    return enrollment, action


def _action(
    enrollment, kind: str, actor: Actor, now, *, reason_code="", note="", review_id=""
) -> RelationshipAction:
    """The relationship's history entry for a change, with the version the change produced
    (written by `_save_change`)."""
    action = RelationshipAction(
        enrollment=enrollment,
        action=kind,
        reason_code=reason_code,
        note=note or "",
        version_id=enrollment.relationship_version_id,
        review_id=review_id,
        created_on=now,
    )
    action.set_actor(actor)
    return action


def _save_change(enrollment: Enrollment, fields: list[str], action: RelationshipAction) -> None:
    """Write the locked enrollment's change and append `action` to its history: one statement
    on PostgreSQL (`relationship_sql`), the ORM's update and insert elsewhere."""
    if relationship_sql.applies():
        relationship_sql.save_change(enrollment, action)
        return
    enrollment.save(update_fields=fields)
    action.save()


def reactivate(
    *,
    enrollment_id: int | None = None,
    locked: Enrollment | None = None,
    note: str,
    expected_version_id: str,
    actor: Actor,
) -> tuple[Enrollment, RelationshipAction]:
    """Lift the provider's suspension (a stale version is refused first); global status and
    other restrictions are unchanged. No savepoint, as `suspend`."""
    with transaction.atomic(savepoint=False):
        enrollment = _locked_at_version(enrollment_id, locked, expected_version_id)
        if not enrollment.suspended:
            raise StateConflict("The participant is not suspended.")
        now = timezone.now()
        enrollment.suspended = False
        enrollment.suspended_on = None
        enrollment.suspension_reason_code = ""
        enrollment.suspension_note = ""
        enrollment.relationship_version_id = new_version_id()
        enrollment.updated_on = now
        action = _action(enrollment, RelationshipAction.Action.REACTIVATE, actor, now, note=note)
        _save_change(enrollment, list(relationship_sql.CHANGED), action)
        outbox.relationship_changed(enrollment)
    return enrollment, action
