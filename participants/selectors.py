"""Reads of participants, always starting from the calling provider."""

from django.db import connection
from django.db.models import JSONField, OuterRef, Prefetch, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce, JSONObject

from common.errors import NotFound
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
    return _by_ref(enrollments_for(provider_id), participant_ref)


def get_enrollment(provider_id: str, participant_ref: str) -> Enrollment:
    """The provider's enrollment, or NotFound (also for another provider's participant)."""
    enrollment = find_enrollment(provider_id, participant_ref)
    if enrollment is None:
        raise NotFound("No participant matches within this provider.")
    return enrollment


def get_participant_read(provider_id: str, participant_ref: str) -> Enrollment:
    """The enrollment with everything its read renders, in one pass; NotFound otherwise."""
    enrollment = _by_ref(with_profile(enrollments_for(provider_id)), participant_ref)
    if enrollment is None:
        raise NotFound("No participant matches within this provider.")
    return enrollment


def with_profile(queryset: QuerySet[Enrollment]) -> QuerySet[Enrollment]:
    """What a participant read renders, for a whole page at once. On PostgreSQL the phones,
    emails and active limit groups come back as JSON columns of the same query (one query
    for any page size); elsewhere they are prefetched (one query each)."""
    if connection.vendor == "postgresql":
        return queryset.annotate(
            phones_json=_json_rows(
                Phone.objects.filter(enrollment=OuterRef("pk")),
                created_on="created_on",
                disabled_on="disabled_on",
                verified_on="verified_on",
                country_code="country_code",
                number="number",
            ),
            emails_json=_json_rows(
                Email.objects.filter(enrollment=OuterRef("pk")),
                created_on="created_on",
                disabled_on="disabled_on",
                verified_on="verified_on",
                email="email",
            ),
            groups_json=_json_rows(
                _memberships().filter(enrollment=OuterRef("pk")),
                group_id="group_id",
                name="group__name",
            ),
        )
    return queryset.prefetch_related(
        Prefetch("phones", queryset=Phone.objects.order_by("id")),
        Prefetch("emails", queryset=Email.objects.order_by("id")),
        Prefetch(
            "limit_memberships",
            queryset=_memberships().select_related("group"),
            to_attr="active_memberships",
        ),
    )


def _memberships() -> QuerySet:
    # Memberships belong to the limits app, reached through the reverse relation.
    membership = Enrollment.limit_memberships.rel.related_model
    return membership.objects.filter(ended_on__isnull=True, group__deleted_on__isnull=True)


def _json_rows(queryset: QuerySet, **fields) -> Subquery:
    """The rows of `queryset` as one JSON array (in id order), for a correlated subquery."""
    from django.contrib.postgres.aggregates import JSONBAgg

    rows = (
        queryset.order_by()
        .values("enrollment")
        .annotate(rows=JSONBAgg(JSONObject(**fields), order_by="id"))
        .values("rows")
    )
    return Coalesce(Subquery(rows), Value([], output_field=JSONField()))


def active_funding_sources(enrollment: Enrollment) -> QuerySet[FundingSource]:
    return FundingSource.objects.filter(enrollment=enrollment, disabled_on__isnull=True)


def relationship_history(enrollment_id: int) -> QuerySet[RelationshipAction]:
    """Every suspension and reactivation of the relationship, oldest first."""
    return RelationshipAction.objects.filter(enrollment_id=enrollment_id).order_by(
        "created_on", "id"
    )
