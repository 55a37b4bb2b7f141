"""The risk engine's tables: its configuration (the thresholds row, rules, list and allowlist
entries) and what it recorded (assessments and the devices they observed).

Rules, lists and thresholds are rows an analyst edits in the admin; the engine reads them at
each assessment. The rules an assessment fired and the evidence it saw are stored on the
assessment as they were at assessment time (JSON snapshots), so a later change to a rule never
rewrites history.

These models moved here from the reviews app with their rows: their tables keep the names
they were created with (`db_table`), see docs/decisions/risk-app.md.
"""

from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from common.fields import ChangeColumns
from common.ids import new_id
from participants.models import Participant
from payments.models import Payment
from providers.models import Provider
from risk.list_keys import KEYED_FROM, KeyedEntries, match_key


def _assessment_id() -> str:
    return new_id("ra")


class Level(models.TextChoices):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    VERY_HIGH = "very_high"


class EvidenceLevel(models.TextChoices):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    VERY_HIGH = "very_high"
    UNKNOWN = "unknown"


LEVEL_ORDER = ("low", "medium", "high", "very_high")


class RiskPolicy(models.Model):
    """The engine's thresholds: one row (pk 1), made by a migration, edited in the admin."""

    review_at_score = models.PositiveSmallIntegerField(
        default=50,
        validators=[MaxValueValidator(100)],
        help_text="A score at or above this is a `review` decision.",
    )
    deny_at_score = models.PositiveSmallIntegerField(
        default=90,
        validators=[MaxValueValidator(100)],
        help_text="A score at or above this is a `deny` decision.",
    )
    medium_at_score = models.PositiveSmallIntegerField(
        default=25, validators=[MaxValueValidator(100)], help_text="Level medium from this score."
    )
    high_at_score = models.PositiveSmallIntegerField(
        default=50, validators=[MaxValueValidator(100)], help_text="Level high from this score."
    )
    very_high_at_score = models.PositiveSmallIntegerField(
        default=75,
        validators=[MaxValueValidator(100)],
        help_text="Level very_high from this score.",
    )
    aml_medium_amount = models.DecimalField(
        max_digits=18,
        decimal_places=4,
        default=3000,
        help_text="A payment of at least this (platform currency) has amlLevel medium.",
    )
    aml_high_amount = models.DecimalField(
        max_digits=18,
        decimal_places=4,
        default=10000,
        help_text="A payment of at least this (platform currency) has amlLevel high.",
    )
    updated_on = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "reviews_riskpolicy"
        verbose_name = "risk policy"
        verbose_name_plural = "risk policy"
        constraints = [
            models.CheckConstraint(
                condition=Q(review_at_score__lte=models.F("deny_at_score")),
                name="risk_policy_review_below_deny",
            ),
            models.CheckConstraint(
                condition=Q(medium_at_score__lte=models.F("high_at_score"))
                & Q(high_at_score__lte=models.F("very_high_at_score")),
                name="risk_policy_level_bands_ordered",
            ),
        ]

    def __str__(self) -> str:
        return "Risk policy"


class RiskRule(models.Model):
    """One rule of the engine: a condition (code) with its parameters and weight (data).

    A fired rule adds `points` to the score and may force a decision (`outcome`). A rule that
    is not live (shadow mode) is recorded as fired but changes nothing; an allowlisted subject
    likewise."""

    class Condition(models.TextChoices):
        AMOUNT_AT_LEAST = "amount_at_least", "Payment amount at least <threshold>"
        PAYMENTS_IN_WINDOW = (
            "payments_in_window",
            "At least <threshold> payments by the initiator in <window> minutes",
        )
        ACCOUNT_YOUNGER_THAN = (
            "account_younger_than",
            "Enrolled at the provider less than <threshold> hours ago",
        )
        NEW_COUNTERPARTY_PHONE = (
            "new_counterparty_phone",
            "First payment of the initiator addressed to this phone",
        )
        SIGNAL_AT_LEAST = "signal_at_least", "Customer evidence <signal> at least <level>"
        PHONE_COUNTRY_MISMATCH = (
            "phone_country_mismatch",
            "No phone of the participant is in the country of its address",
        )
        NEW_DEVICE = "new_device", "A device (type, model, os) not seen for the participant"
        SIGN_INS_IN_WINDOW = (
            "sign_ins_in_window",
            "At least <threshold> sign-ins in <window> minutes",
        )

    class Outcome(models.TextChoices):
        NONE = "none", "Score only"
        REVIEW = "review", "At least review"
        DENY = "deny", "Deny"

    class SignalKey(models.TextChoices):
        ADDRESS_RISK_LEVEL = "addressRiskLevel"
        EMAIL_DOMAIN_LEVEL = "emailDomainLevel"
        EMAIL_LEVEL = "emailLevel"
        PEP_LEVEL = "pepLevel"
        PHONE_LEVEL = "phoneLevel"
        SANCTION_LEVEL = "sanctionLevel"

    rule_id = models.PositiveIntegerField(
        primary_key=True,
        validators=[MaxValueValidator(2**31 - 1)],
        verbose_name="rule ID",
        help_text="The ruleID providers see on assessments (int32).",
    )
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True, default="")
    condition = models.CharField(max_length=32, choices=Condition.choices)
    on_signup = models.BooleanField(default=False, help_text="Evaluated at onboarding.")
    on_sign_in = models.BooleanField(default=False, help_text="Evaluated at sign-in events.")
    on_payment = models.BooleanField(default=False, help_text="Evaluated at payment creation.")
    threshold = models.DecimalField(
        max_digits=18,
        decimal_places=4,
        null=True,
        blank=True,
        help_text="Amount (platform currency), count or hours, as the condition says.",
    )
    window_minutes = models.PositiveIntegerField(null=True, blank=True)
    signal_key = models.CharField(max_length=32, choices=SignalKey.choices, blank=True)
    signal_level = models.CharField(max_length=16, choices=Level.choices, blank=True)
    points = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(100)],
        help_text="Added to the score (0 to 100, capped at 100) when the rule fires.",
    )
    outcome = models.CharField(max_length=8, choices=Outcome.choices, default=Outcome.NONE)
    is_live = models.BooleanField(
        default=True, help_text="Off: shadow mode (recorded when it fires, changes nothing)."
    )
    enabled = models.BooleanField(default=True, help_text="Off: not evaluated at all.")
    updated_on = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "reviews_riskrule"
        ordering = ["rule_id"]

    def __str__(self) -> str:
        return f"{self.rule_id} {self.name}"

    def clean(self):
        # Imported here: the checks read the conditions' tables, which import this module.
        from risk.validation import check_rule

        check_rule(self)


class RiskListEntry(models.Model):
    """A value an analyst rates: the lists customer evidence signals are read from."""

    class Kind(models.TextChoices):
        COUNTRY = "country", "Country (ISO 3166-1 alpha-2) → addressRiskLevel"
        EMAIL_DOMAIN = "email_domain", "Email domain → emailDomainLevel"
        EMAIL = "email", "Email address → emailLevel"
        PHONE_PREFIX = "phone_prefix", "E.164 prefix, e.g. +1900 → phoneLevel"
        SANCTIONED_NAME = "sanctioned_name", "Full name on a sanctions list → sanctionLevel"
        PEP_NAME = "pep_name", "Full name of a politically exposed person → pepLevel"

    kind = models.CharField(max_length=32, choices=Kind.choices)
    value = models.CharField(
        max_length=255,
        help_text="Stored and shown as given; compared case-insensitively, and a name also "
        "by its canonical form (accents, invisible characters and look-alike letters ignored).",
    )
    level = models.CharField(max_length=16, choices=Level.choices)
    note = models.CharField(max_length=255, blank=True, default="")
    # The value as screening compares it (`risk.list_keys`), kept in step on every write.
    match_key = models.TextField(editable=False, blank=True, default="")
    # What the list says of a listed person, so an analyst can rule a namesake in or out: the
    # case file shows these beside the participant's own values.
    date_of_birth = models.DateField(null=True, blank=True)
    country = models.CharField(
        max_length=2, blank=True, default="", help_text="ISO 3166-1 alpha-2, e.g. US."
    )
    role = models.CharField(
        max_length=255,
        blank=True,
        default="",
        verbose_name="role or reason",
        help_text="The office held (PEP) or why the entry is listed (sanctions, internal).",
    )
    source_list = models.CharField(
        max_length=120, blank=True, default="", help_text="e.g. OFAC SDN, EU consolidated."
    )
    listed_on = models.DateField(null=True, blank=True, help_text="When the source listed it.")
    updated_on = models.DateTimeField(default=timezone.now)

    objects = KeyedEntries.as_manager()

    class Meta:
        db_table = "reviews_risklistentry"
        verbose_name = "risk list entry"
        verbose_name_plural = "risk list entries"
        constraints = [
            models.UniqueConstraint(fields=["kind", "value"], name="risk_list_entry_once"),
        ]
        # Screening's exact lookup; on PostgreSQL the names also have a trigram index for
        # near matches (migration 0006).
        indexes = [models.Index(fields=["kind", "match_key"], name="risk_list_entry_key")]

    def __str__(self) -> str:
        return f"{self.kind} {self.value} ({self.level})"

    def save(self, *args, **kwargs):
        self.match_key = match_key(self.kind, self.value)
        fields = kwargs.get("update_fields")
        if fields is not None and KEYED_FROM & set(fields):
            kwargs["update_fields"] = {*fields, "match_key"}
        super().save(*args, **kwargs)

    def clean(self):
        from risk.validation import clean_list_entry  # see RiskRule.clean

        clean_list_entry(self)


class RiskAllowlistEntry(models.Model):
    """A participant a rule (or every rule) does not count against: it still fires and is
    recorded with isAllowlisted, but adds no points and forces no decision."""

    participant = models.ForeignKey(
        Participant, on_delete=models.CASCADE, related_name="risk_allowlist"
    )
    rule = models.ForeignKey(
        RiskRule,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="allowlist",
        help_text="Empty: every rule.",
    )
    reason = models.CharField(max_length=255)
    created_on = models.DateTimeField(default=timezone.now)
    expires_on = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "reviews_riskallowlistentry"
        verbose_name = "risk allowlist entry"
        verbose_name_plural = "risk allowlist entries"

    def __str__(self) -> str:
        return f"{self.participant_id} allowlisted for {self.rule_id or 'every rule'}"


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

    class Meta:
        db_table = "reviews_deviceobservation"
        indexes = [
            # An assessment's observations, newest first (an assessment has a handful; the
            # untimed ones are put last by the query, which SQLite cannot index).
            models.Index(
                fields=["assessment", "-observed_on", "-id"], name="device_observation_page"
            ),
        ]

    def __str__(self) -> str:
        return f"device {self.pk} of {self.assessment_id}"


class RiskChange(ChangeColumns):
    """Append-only audit trail of the risk configuration: who changed which threshold, rule,
    list or allowlist entry, when, its values before and after (absent on a create and a
    delete respectively), and why. Written by `risk.services` only."""

    class Kind(models.TextChoices):
        POLICY = "policy"
        RULE = "rule"
        LIST_ENTRY = "list-entry"
        ALLOWLIST_ENTRY = "allowlist-entry"

    class Action(models.TextChoices):
        CREATE = "create"
        UPDATE = "update"
        DELETE = "delete"

    kind = models.CharField(max_length=32, choices=Kind.choices)
    action = models.CharField(max_length=16, choices=Action.choices)
    subject = models.CharField(max_length=64, help_text="The changed row's primary key.")
    label = models.CharField(max_length=255, blank=True, default="")  # the row as it read then
    reason = models.CharField(max_length=512)

    class Meta:
        ordering = ["-created_on", "-id"]
        indexes = [
            # One row's history, newest first (each change page shows it).
            models.Index(fields=["kind", "subject", "-created_on"], name="risk_change_subject"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.action} {self.label or self.subject}"


# The rows whose every change is recorded, and the kind each is recorded as.
AUDITED = {
    RiskPolicy: RiskChange.Kind.POLICY,
    RiskRule: RiskChange.Kind.RULE,
    RiskListEntry: RiskChange.Kind.LIST_ENTRY,
    RiskAllowlistEntry: RiskChange.Kind.ALLOWLIST_ENTRY,
}


from risk.run_models import BacktestRun  # noqa: E402, F401  (its own module: one job a file)
