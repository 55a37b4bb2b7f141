"""Reads of participants, always starting from the calling provider."""

from django.db.models import Prefetch, QuerySet

from common.errors import NotFound
from participants import read_sql
from participants.models import Email, Enrollment, FundingSource, Phone, RelationshipAction

PARTICIPANT_ID_PREFIX = "usr_"


def enrollments_for(provider_id: str) -> QuerySet[Enrollment]:
    return Enrollment.objects.filter(provider_id=provider_id).select_related("participant")


def _by_ref(queryset: QuerySet[Enrollment], participant_ref: str) -> Enrollment | None:
    """A path value starting with `usr_` is a participantID; anything else is an externalID."""
    if participant_ref.startswith(PARTICIPANT_ID_PREFIX):
        return queryset.filter(participant_id=participant_ref).first()
    return queryset.filter(external_id=participant_ref).first()


def find_enrollment(provider_id: str, participant_ref: str) -> Enrollment | None:
    """The enrollment with its participant (`select_related`), or None. On PostgreSQL a
    statement built once per process (read_sql): writes look their participant up with it,
    and the ORM would compile the same query again on every call."""
    if read_sql.applies():
        return _fetch(provider_id, participant_ref, profile=False)
    return _by_ref(enrollments_for(provider_id), participant_ref)


def get_enrollment(provider_id: str, participant_ref: str) -> Enrollment:
    """The provider's enrollment, or NotFound (also for another provider's participant)."""
    enrollment = find_enrollment(provider_id, participant_ref)
    if enrollment is None:
        raise NotFound("No participant matches within this provider.")
    return enrollment


def get_participant_read(
    provider_id: str, participant_ref: str, *, for_update: bool = False
) -> Enrollment:
    """The enrollment with everything its read renders, in one pass; NotFound otherwise. With
    `for_update` (inside a transaction) the enrollment's row is locked by that same read: a
    write's lookup, lock and the read its event renders, in one statement."""
    if read_sql.applies():
        enrollment = _fetch(provider_id, participant_ref, for_update=for_update)
    else:
        queryset = with_profile(enrollments_for(provider_id))
        if for_update:
            queryset = queryset.select_for_update(of=("self",))
        enrollment = _by_ref(queryset, participant_ref)
    if enrollment is None:
        raise NotFound("No participant matches within this provider.")
    return enrollment


def _fetch(provider_id: str, participant_ref: str, **options) -> Enrollment | None:
    """`_by_ref` through read_sql (PostgreSQL)."""
    by_id = participant_ref.startswith(PARTICIPANT_ID_PREFIX)
    return read_sql.fetch(
        provider_id,
        participant_id=participant_ref if by_id else "",
        external_id="" if by_id else participant_ref,
        **options,
    )


def has_profile(enrollment: Enrollment) -> bool:
    """Whether `get_participant_read` (or `with_profile`) loaded what the read renders."""
    return hasattr(enrollment, "groups_json") or hasattr(enrollment, "active_memberships")


def page_with_profile(enrollments: list[Enrollment]) -> list[Enrollment]:
    """What each row of a participant page renders, for a page chosen by `page_source`:
    one more query on PostgreSQL (hand-written, see read_sql), prefetches elsewhere."""
    if read_sql.applies():
        return read_sql.attach_contacts(enrollments)
    return enrollments


def page_source(provider_id: str) -> QuerySet[Enrollment]:
    """The queryset a participant page is cut from."""
    queryset = enrollments_for(provider_id)
    return queryset if read_sql.applies() else with_profile(queryset)


def with_profile(queryset: QuerySet[Enrollment]) -> QuerySet[Enrollment]:
    """What a participant read renders, prefetched for a whole page (one query each for
    phones, emails and active limit groups). PostgreSQL reads them with read_sql instead."""
    # Memberships belong to the limits app, reached through the reverse relation.
    membership = Enrollment.limit_memberships.rel.related_model
    return queryset.prefetch_related(
        Prefetch("phones", queryset=Phone.objects.order_by("id")),
        Prefetch("emails", queryset=Email.objects.order_by("id")),
        Prefetch(
            "limit_memberships",
            queryset=membership.objects.filter(
                ended_on__isnull=True, group__deleted_on__isnull=True
            ).select_related("group"),
            to_attr="active_memberships",
        ),
    )


def active_funding_sources(enrollment: Enrollment) -> QuerySet[FundingSource]:
    return FundingSource.objects.filter(enrollment=enrollment, disabled_on__isnull=True)


def relationship_history(enrollment_id: int) -> QuerySet[RelationshipAction]:
    """Every suspension and reactivation of the relationship, oldest first."""
    return RelationshipAction.objects.filter(enrollment_id=enrollment_id).order_by(
        "created_on", "id"
    )
