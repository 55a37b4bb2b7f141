"""What the engine recorded: each assessment (`RiskAssessment`) with the rules it fired and
the evidence it saw as they were then, and the devices it observed (`DeviceObservation`)."""

from django.db import models
from django.utils import timezone

from common.ids import new_id
from participants.models import Participant
from payments.models import Payment
from providers.models import Provider
from risk.models.levels import EvidenceLevel, Level


def _assessment_id() -> str:
    return new_id("ra")


class RiskAssessment(models.Model):
    class Event(models.TextChoices):
        SIGNUP = "signup"
        SIGN_IN = "sign_in"
        PAYMENT = "payment"

    class Decision(models.TextChoices):
        ALLOW = "allow"
        REVIEW = "review"
        DENY = "deny"

    id = models.CharField(primary_key=True, max_length=40, default=_assessment_id, editable=False)
    event = models.CharField(max_length=16, choices=Event.choices)
    # The provider whose event produced the assessment (the enrolling provider for a signup).
    provider = models.ForeignKey(
        Provider, on_delete=models.PROTECT, related_name="risk_assessments", db_index=False
    )
    participant = models.ForeignKey(
        Participant,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="risk_assessments",
        db_index=False,
    )
    payment = models.ForeignKey(
        Payment,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="risk_assessments",
        db_index=False,
    )
    assessed_on = models.DateTimeField(default=timezone.now)
    decision = models.CharField(max_length=8, choices=Decision.choices)
    level = models.CharField(max_length=16, choices=Level.choices, blank=True, default="")
    score = models.FloatField(null=True, blank=True)  # 0 to 100; a recorded 0 is real
    reasons = models.JSONField(default=list, blank=True)
    # customerEvidence.signals as [{"key": ..., "value": ...}]
    signals = models.JSONField(default=list, blank=True)
    # For staff: which list entry set each listed signal and how it matched (never rendered
    # to providers): {signal key: {"entry", "how", "level"}}.
    signal_matches = models.JSONField(default=dict, blank=True)
    transaction_level = models.CharField(
        max_length=16, choices=EvidenceLevel.choices, blank=True, default=""
    )
    aml_level = models.CharField(
        max_length=16, choices=EvidenceLevel.choices, blank=True, default=""
    )
    # Fired rules as [{"ruleID": int, "name": str, "isLive": bool, "isAllowlisted": bool}]
    rules = models.JSONField(default=list, blank=True)

    class Meta:
        db_table = "reviews_riskassessment"
        indexes = [
            # The participant's assessments in (assessedOn, assessmentID) order.
            models.Index(
                fields=["participant", "assessed_on", "id"], name="assessment_participant_page"
            ),
            models.Index(fields=["payment", "assessed_on"], name="assessment_payment"),
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.decision})"


class DeviceObservation(models.Model):
    class DeviceType(models.TextChoices):
        MOBILE = "mobile"
        DESKTOP = "desktop"

    assessment = models.ForeignKey(
        RiskAssessment, on_delete=models.CASCADE, related_name="device_observations"
    )
    observed_on = models.DateTimeField(null=True, blank=True)
    device_type = models.CharField(
        max_length=16, choices=DeviceType.choices, blank=True, default=""
    )
    model = models.CharField(max_length=128, blank=True, default="")
    os = models.CharField(max_length=64, blank=True, default="")
    os_version = models.CharField(max_length=64, blank=True, default="")
    city = models.CharField(max_length=128, blank=True, default="")
    region = models.CharField(max_length=128, blank=True, default="")
    # Recorded for the risk engine and the analyst, never rendered by the contract's
    # device-observation fields: the identifier the provider's app keeps for the device, the
    # address and the user agent it came with.
    device_id = models.CharField(max_length=128, blank=True, default="")
    ip_address = models.GenericIPAddressField(null=True, blank=True)
    user_agent = models.CharField(max_length=512, blank=True, default="")
    # The address's /24 (IPv4) or /64 (IPv6) as text ("203.0.113.0/24"): "the same network"
    # is one indexed equality on PostgreSQL and SQLite alike (common.devices.network_of).
    network = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        db_table = "reviews_deviceobservation"
        indexes = [
            # An assessment's observations, newest first (an assessment has a handful; the
            # untimed ones are put last by the query, which SQLite cannot index).
            models.Index(
                fields=["assessment", "-observed_on", "-id"], name="device_observation_page"
            ),
            # The other observations of one device or one address (shared device, network).
            models.Index(
                fields=["device_id", "-observed_on"],
                name="device_observation_device",
                condition=~models.Q(device_id=""),
            ),
            models.Index(
                fields=["ip_address", "-observed_on"],
                name="device_observation_address",
                condition=models.Q(ip_address__isnull=False),
            ),
            models.Index(
                fields=["network", "-observed_on"],
                name="device_observation_network",
                condition=~models.Q(network=""),
            ),
        ]

    def __str__(self) -> str:
        return f"device {self.pk} of {self.assessment_id}"
