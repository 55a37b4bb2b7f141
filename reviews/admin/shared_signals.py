"""Other participants who share something with the one under review, in the window: a device
(the same device identifier observed by an assessment), a network (the same address, or an
address in the same /24 or /64), a phone number (on any provider's enrollment), or a recipient
(a phone both sent to through the review's provider). A device's model and OS link nobody:
thousands of people carry the same phone.

One row per other participant, saying everything it shares, with its open reviews and a link
to its payments. A fixed number of queries whatever the number of rows.
"""

from dataclasses import dataclass, field
from datetime import datetime
from urllib.parse import urlencode

from django.db.models import F, Max, Q
from django.urls import reverse

from common.devices import network_of
from participants.models import Enrollment, Phone
from payments.selectors import visible_payments
from reviews.admin.parties import ROWS, WINDOW, ReviewLink, open_reviews_of
from risk.models import DeviceObservation

# The participant's most recent device IDs, addresses and networks looked for elsewhere (at
# most this many of each), taken from its latest observations.
DEVICES_COMPARED = 10
OBSERVATIONS_READ = 50


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


@dataclass
class Seen:
    """The participant's own recent device IDs, addresses and networks."""

    device_ids: list[str] = field(default_factory=list)
    addresses: list[str] = field(default_factory=list)
    networks: list[str] = field(default_factory=list)


def _seen(participant_id: str) -> Seen:
    """What the participant's latest observations identify: one query."""
    seen = Seen()
    rows = (
        DeviceObservation.objects.filter(assessment__participant_id=participant_id)
        .filter(~Q(device_id="") | Q(ip_address__isnull=False))
        .order_by(F("observed_on").desc(nulls_last=True), "-id")
        .values_list("device_id", "ip_address", "network")[:OBSERVATIONS_READ]
    )
    for row in rows:
        for found, value in zip((seen.device_ids, seen.addresses, seen.networks), row, strict=True):
            if value and value not in found and len(found) < DEVICES_COMPARED:
                found.append(value)
    return seen


def _latest_elsewhere(participant_id: str, since: datetime, key: str, values, *more):
    """(other participantID, `key`, …) for other participants' observations in the window
    whose `key` is one of `values`, the most recently seen first, at most `ROWS * 2`: one
    query. Its cost follows the matches in the window (read by the `key` index), however many
    other participants there are."""
    return list(
        DeviceObservation.objects.filter(observed_on__gte=since, **{f"{key}__in": values})
        .exclude(assessment__participant_id=participant_id)
        .exclude(assessment__participant_id=None)
        .values_list("assessment__participant_id", key)
        .annotate(*more, last_seen=Max("observed_on"))
        .order_by("-last_seen", "assessment__participant_id", key)[: ROWS * 2]
    )


def _shared_devices(participant_id: str, seen: Seen, since: datetime) -> list[tuple[str, str]]:
    """(other participantID, what it shares) for device identifiers: one query."""
    if not seen.device_ids:
        return []
    found = []
    for pid, device_id, model, os, _ in _latest_elsewhere(
        participant_id, since, "device_id", seen.device_ids, Max("model"), Max("os")
    ):
        said = " ".join(part for part in (model, os) if part)
        found.append((pid, f"same device {device_id}" + (f" ({said})" if said else "")))
    return found


def _shared_networks(participant_id: str, seen: Seen, since: datetime) -> list[tuple[str, str]]:
    """(other participantID, what it shares) for addresses, then for networks where no
    address is the same: two queries."""
    if not seen.networks:
        return []
    same_address = [
        (pid, address)
        for pid, address, _ in _latest_elsewhere(
            participant_id, since, "ip_address", seen.addresses
        )
    ]
    covered = {(pid, network_of(address)) for pid, address in same_address}
    same_network = _latest_elsewhere(participant_id, since, "network", seen.networks)
    return [(pid, f"same address {address}") for pid, address in same_address] + [
        (pid, f"same network {network}")
        for pid, network, _ in same_network
        if (pid, network) not in covered
    ]


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
    """Other participants sharing a device, network, phone or recipient with this one in the
    window, the most-shared first: at most eleven queries."""
    since = now - WINDOW
    seen = _seen(participant_id)
    found: dict[str, SharedRow] = {}
    for pid, what in [
        *_shared_devices(participant_id, seen, since),
        *_shared_networks(participant_id, seen, since),
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
