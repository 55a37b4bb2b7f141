"""What a provider sees of its participants, as plain dicts (datetimes left for the JSON encoder).

One builder per resource; `participants/api/serializers.py` keeps the schema serializers
that describe the same shapes for the OpenAPI document (and parse input), and the tests
check that each builder's output and its serializer agree. Optional unknowns are absent,
never null. Builders read only what the selectors loaded (`page_with_profile`), so a page
costs the same few queries whatever its size.
"""

from datetime import datetime

from common.rendering import put
from participants.models import Enrollment, FundingSource


def _address(enrollment: Enrollment) -> dict:
    data = {"addressLine1": enrollment.address_line1}
    put(data, "addressLine2", enrollment.address_line2)
    data.update(
        city=enrollment.city,
        stateOrProvince=enrollment.state_or_province,
        postalCode=enrollment.postal_code,
        country=enrollment.country,
    )
    return data


def _relationship_summary(enrollment: Enrollment) -> dict:
    data = {"suspended": enrollment.suspended, "versionID": enrollment.relationship_version_id}
    if enrollment.suspended:
        put(data, "suspendedOn", enrollment.suspended_on)
        put(data, "reasonCode", enrollment.suspension_reason_code)
    return data


def _limit_groups(enrollment: Enrollment) -> list[dict]:
    rows = getattr(enrollment, "groups_json", None)
    if rows is not None:
        groups = [(row["name"], row["group_id"]) for row in rows]
    else:
        memberships = getattr(enrollment, "active_memberships", None)
        if memberships is None:
            memberships = enrollment.limit_memberships.filter(
                ended_on__isnull=True, group__deleted_on__isnull=True
            ).select_related("group")
        groups = [(m.group.name, m.group.pk) for m in memberships]
    return [{"groupID": pk, "name": name} for name, pk in sorted(groups)]


def _timestamp(value) -> datetime | None:
    # JSON columns carry timestamps as ISO text; models carry datetimes.
    return datetime.fromisoformat(value) if isinstance(value, str) else value


def _contact_dates(row: dict) -> dict:
    data = {"createdOn": _timestamp(row["created_on"])}
    put(data, "disabledOn", _timestamp(row["disabled_on"]))
    put(data, "verifiedOn", _timestamp(row["verified_on"]))
    return data


def _phones(enrollment: Enrollment) -> list[dict]:
    rows = getattr(enrollment, "phones_json", None)
    if rows is None:
        rows = [vars(phone) for phone in enrollment.phones.all()]
    return [
        {**_contact_dates(r), "phone": {"countryCode": r["country_code"], "number": r["number"]}}
        for r in rows
    ]


def _emails(enrollment: Enrollment) -> list[dict]:
    rows = getattr(enrollment, "emails_json", None)
    if rows is None:
        rows = [vars(email) for email in enrollment.emails.all()]
    return [{**_contact_dates(r), "email": r["email"]} for r in rows]


def _profile(enrollment: Enrollment) -> dict:
    """The IDs, name, date of birth and address: what the read and the 201 body open with."""
    data = {
        "participantID": enrollment.participant_id,
        "externalID": enrollment.external_id,
        "givenName": enrollment.given_name,
    }
    put(data, "middleName", enrollment.middle_name)
    data["familyName"] = enrollment.family_name
    put(data, "nickName", enrollment.nick_name)
    put(data, "dateOfBirth", enrollment.date_of_birth)
    data["address"] = _address(enrollment)
    return data


def render_participant(enrollment: Enrollment) -> dict:
    """The participant read (`GET …/participants/{participantID}` and each list item)."""
    participant = enrollment.participant
    data = _profile(enrollment)
    data["versionID"] = enrollment.profile_version_id
    data["phones"] = _phones(enrollment)
    data["emails"] = _emails(enrollment)
    data["limitGroups"] = _limit_groups(enrollment)
    put(data, "serviceAccountID", participant.service_account_id)
    data["status"] = participant.status
    data["createdOn"] = enrollment.created_on
    data["updatedOn"] = max(enrollment.updated_on, participant.updated_on)
    put(data, "disabledOn", participant.disabled_on)
    data["relationship"] = _relationship_summary(enrollment)
    return data


def render_participant_created(
    enrollment: Enrollment, phones: tuple[tuple[str, str], ...], emails: tuple[str, ...]
) -> dict:
    """The 201 body of a create: IDs plus the profile echoed as it was sent (the funding
    sources are not returned), then the status and relationship as the read renders them (a
    suspension's expectedVersionID needs no read first), from what the write holds: no read
    after it."""
    data = _profile(enrollment)
    data["phones"] = [{"countryCode": code, "number": number} for code, number in phones]
    data["emails"] = list(emails)
    data["status"] = enrollment.participant.status
    data["relationship"] = _relationship_summary(enrollment)
    return data


def render_funding_source(source: FundingSource) -> dict:
    data = {
        "fundingSourceID": source.pk,
        "providerSourceID": source.provider_source_id,
        "displayName": source.display_name,
        "fundingType": source.funding_type,
    }
    put(data, "last4", source.last4)
    data["createdOn"] = source.created_on
    data["updatedOn"] = source.updated_on
    put(data, "disabledOn", source.disabled_on)
    return data


def render_relationship(enrollment: Enrollment, last_action=None) -> dict:
    """The relationship object of a suspension or reactivation: current state plus the
    latest action's note and actor."""
    data = {
        "participantID": enrollment.participant_id,
        "externalID": enrollment.external_id,
        "suspended": enrollment.suspended,
        "versionID": enrollment.relationship_version_id,
    }
    if enrollment.suspended:
        put(data, "suspendedOn", enrollment.suspended_on)
        put(data, "reasonCode", enrollment.suspension_reason_code)
        put(data, "note", enrollment.suspension_note)
    if last_action is not None:
        if not enrollment.suspended:
            put(data, "note", last_action.note)
        data["actor"] = last_action.actor.as_json()
    return data
