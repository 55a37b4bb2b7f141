"""The risk levels the engine rates with (scores, signals, rules), and their order."""

from django.db import models


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
