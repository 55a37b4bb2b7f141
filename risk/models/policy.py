"""The engine's thresholds (`RiskPolicy`): one row an analyst edits in the admin."""

from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone


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
