"""Other participants who share something with the one under review, in the window: a device
(the same type, model, OS and version observed by an assessment), a phone number (on any
provider's enrollment), or a recipient (a phone both sent to through the review's provider).

One row per other participant, saying everything it shares, with its open reviews and a link
to its payments. A fixed number of queries whatever the number of rows.
"""

from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urlencode

from django.db.models import Q
from django.urls import reverse

from participants.models import Enrollment, Phone
from payments.selectors import visible_payments
from reviews.admin.parties import ROWS, WINDOW, ReviewLink, open_reviews_of
from risk.models import DeviceObservation

DEVICES_COMPARED = 10  # the participant's most recent devices looked for elsewhere


@dataclass
class SharedRow:
    participant_id: str
    name: str = ""
    provider: str = ""
    shared: list[str] = field(default_factory=list)
    open_reviews: list[ReviewLink] = field(default_factory=list)

    @property
    def payments_url(self) -> str:
        return (
            reverse("admin:payments_payment_changelist")
            + "?"
            + urlencode({"q": self.participant_id})
        )


def _device_label(row: dict) -> str:
    parts = (row["device_type"], row["model"], row["os"], row["os_version"])
    return " ".join(part for part in parts if part) or "unnamed device"


def _shared_devices(participant_id: str, since: datetime) -> list[tuple[str, str]]:
    """(other participantID, what it shares) for devices: two queries."""
    keys = ("device_type", "model", "os", "os_version")
    mine = list(
        DeviceObservation.objects.filter(assessment__participant_id=participant_id)
        .exclude(model="", os="")
        .values(*keys)
        .distinct()
        .order_by(*keys)[:DEVICES_COMPARED]
    )
    if not mine:
        return []
    same = Q()
    for device in mine:
        same |= Q(**device)
    others = (
        DeviceObservation.objects.filter(same, observed_on__gte=since)
        .exclude(assessment__participant_id=participant_id)
        .exclude(assessment__participant_id=None)
        .values("assessment__participant_id", *keys)
        .distinct()
        .order_by("assessment__participant_id", *keys)[: ROWS * 2]
    )
    return [(row["assessment__participant_id"], f"device {_device_label(row)}") for row in others]


def _shared_phones(participant_id: str) -> list[tuple[str, str]]:
    """(other participantID, what it shares) for phone numbers on any enrollment: two
    queries."""
    mine = list(
        Phone.objects.filter(enrollment__participant_id=participant_id)
        .values_list("e164", flat=True)
        .distinct()
    )
    if not mine:
        return []
    others = (
        Phone.objects.filter(e164__in=mine)
        .exclude(enrollment__participant_id=participant_id)
        .values_list("enrollment__participant_id", "e164")
        .distinct()
        .order_by("enrollment__participant_id", "e164")[: ROWS * 2]
    )
    return [(pid, f"phone {e164}") for pid, e164 in others]


def _shared_recipients(
    provider_id: str, participant_id: str, since: datetime
) -> list[tuple[str, str]]:
    """(other participantID, what it shares) for phones both sent to through the provider in
    the window: two queries."""
    payments = visible_payments(provider_id).filter(created_on__gte=since)
    mine = list(
        payments.filter(initiator_participant_id=participant_id)
        .exclude(counterparty_phone="")
        .values_list("counterparty_phone", flat=True)
        .distinct()[:ROWS]
    )
    if not mine:
        return []
    others = (
        payments.filter(counterparty_phone__in=mine)
        .exclude(initiator_participant_id=participant_id)
        .values_list("initiator_participant_id", "counterparty_phone")
        .distinct()
        .order_by("initiator_participant_id", "counterparty_phone")[: ROWS * 2]
    )
    return [(pid, f"sent to {phone}") for pid, phone in others]


def shared_signals(*, provider_id: str, participant_id: str, now: datetime) -> list[SharedRow]:
    """Other participants sharing a device, phone or recipient with this one in the window,
    the most-shared first: at most eight queries."""
    since = now - WINDOW
    found: dict[str, SharedRow] = {}
    for pid, what in [
        *_shared_devices(participant_id, since),
        *_shared_phones(participant_id),
        *_shared_recipients(provider_id, participant_id, since),
    ]:
        row = found.setdefault(pid, SharedRow(participant_id=pid))
        if what not in row.shared:
            row.shared.append(what)
    rows = sorted(found.values(), key=lambda row: (-len(row.shared), row.participant_id))[:ROWS]
    if not rows:
        return []
    ids = [row.participant_id for row in rows]
    # A name for each: its enrollment at the review's provider when it has one, else any.
    names: dict[str, tuple[str, str]] = {}
    for enrollment in (
        Enrollment.objects.filter(participant_id__in=ids)
        .select_related("provider")
        .order_by("created_on")
    ):
        here = enrollment.provider_id == provider_id
        if here or enrollment.participant_id not in names:
            names[enrollment.participant_id] = (enrollment.full_name, enrollment.provider.name)
    reviews = open_reviews_of(ids)
    for row in rows:
        row.name, row.provider = names.get(row.participant_id, ("", ""))
        row.open_reviews = reviews.get(row.participant_id, [])
    return rows
