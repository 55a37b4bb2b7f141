"""The lists analysts rate values on (`RiskListEntry`): customer evidence signals and
screening read them."""

from django.db import models
from django.utils import timezone

from risk.list_keys import KEYED_FROM, KeyedEntries, match_key
from risk.models.levels import Level


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
