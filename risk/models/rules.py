"""The engine's rules (`RiskRule`, a condition with its parameters and weight) and the
participants a rule does not count against (`RiskAllowlistEntry`)."""

from django.core.validators import MaxValueValidator
from django.db import models
from django.utils import timezone

from participants.models import Participant
from risk.models.levels import Level


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
