"""The risk models, moved here from the reviews app with every row and ID.

State only: the tables stay as the reviews app created them (`db_table` on each model), so
nothing in the database changes and the move takes no lock. `reviews.0008` then points the
reviews' foreign keys at these models, drops its own copies from the state and moves the
content types (permissions and admin history follow them). See
docs/decisions/risk-app.md.
"""

import django.core.validators
import django.db.models.deletion
import django.utils.timezone
import risk.models
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("reviews", "0007_payment_review_assignee_notes"),
        ("participants", "0001_initial"),
        ("payments", "0002_cancel_on_authorize"),
        ("providers", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="RiskRule",
                    fields=[
                        (
                            "rule_id",
                            models.PositiveIntegerField(
                                help_text="The ruleID providers see on assessments (int32).",
                                primary_key=True,
                                serialize=False,
                                validators=[django.core.validators.MaxValueValidator(2147483647)],
                                verbose_name="rule ID",
                            ),
                        ),
                        ("name", models.CharField(max_length=120)),
                        ("description", models.TextField(blank=True, default="")),
                        (
                            "condition",
                            models.CharField(
                                choices=[
                                    ("amount_at_least", "Payment amount at least <threshold>"),
                                    (
                                        "payments_in_window",
                                        "At least <threshold> payments by the initiator in <window> minutes",
                                    ),
                                    (
                                        "account_younger_than",
                                        "Enrolled at the provider less than <threshold> hours ago",
                                    ),
                                    (
                                        "new_counterparty_phone",
                                        "First payment of the initiator addressed to this phone",
                                    ),
                                    (
                                        "signal_at_least",
                                        "Customer evidence <signal> at least <level>",
                                    ),
                                    (
                                        "phone_country_mismatch",
                                        "No phone of the participant is in the country of its address",
                                    ),
                                    (
                                        "new_device",
                                        "A device (type, model, os) not seen for the participant",
                                    ),
                                    (
                                        "sign_ins_in_window",
                                        "At least <threshold> sign-ins in <window> minutes",
                                    ),
                                ],
                                max_length=32,
                            ),
                        ),
                        (
                            "on_signup",
                            models.BooleanField(
                                default=False, help_text="Evaluated at onboarding."
                            ),
                        ),
                        (
                            "on_sign_in",
                            models.BooleanField(
                                default=False, help_text="Evaluated at sign-in events."
                            ),
                        ),
                        (
                            "on_payment",
                            models.BooleanField(
                                default=False, help_text="Evaluated at payment creation."
                            ),
                        ),
                        (
                            "threshold",
                            models.DecimalField(
                                blank=True,
                                decimal_places=4,
                                help_text="Amount (platform currency), count or hours, as the condition says.",
                                max_digits=18,
                                null=True,
                            ),
                        ),
                        ("window_minutes", models.PositiveIntegerField(blank=True, null=True)),
                        (
                            "signal_key",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("addressRiskLevel", "Address Risk Level"),
                                    ("emailDomainLevel", "Email Domain Level"),
                                    ("emailLevel", "Email Level"),
                                    ("pepLevel", "Pep Level"),
                                    ("phoneLevel", "Phone Level"),
                                    ("sanctionLevel", "Sanction Level"),
                                ],
                                max_length=32,
                            ),
                        ),
                        (
                            "signal_level",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("low", "Low"),
                                    ("medium", "Medium"),
                                    ("high", "High"),
                                    ("very_high", "Very High"),
                                ],
                                max_length=16,
                            ),
                        ),
                        (
                            "points",
                            models.PositiveSmallIntegerField(
                                default=0,
                                help_text="Added to the score (0 to 100, capped at 100) when the rule fires.",
                                validators=[django.core.validators.MaxValueValidator(100)],
                            ),
                        ),
                        (
                            "outcome",
                            models.CharField(
                                choices=[
                                    ("none", "Score only"),
                                    ("review", "At least review"),
                                    ("deny", "Deny"),
                                ],
                                default="none",
                                max_length=8,
                            ),
                        ),
                        (
                            "is_live",
                            models.BooleanField(
                                default=True,
                                help_text="Off: shadow mode (recorded when it fires, changes nothing).",
                            ),
                        ),
                        (
                            "enabled",
                            models.BooleanField(
                                default=True, help_text="Off: not evaluated at all."
                            ),
                        ),
                        ("updated_on", models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={
                        "db_table": "reviews_riskrule",
                        "ordering": ["rule_id"],
                    },
                ),
                migrations.CreateModel(
                    name="RiskAssessment",
                    fields=[
                        (
                            "id",
                            models.CharField(
                                default=risk.models._assessment_id,
                                editable=False,
                                max_length=40,
                                primary_key=True,
                                serialize=False,
                            ),
                        ),
                        (
                            "event",
                            models.CharField(
                                choices=[
                                    ("signup", "Signup"),
                                    ("sign_in", "Sign In"),
                                    ("payment", "Payment"),
                                ],
                                max_length=16,
                            ),
                        ),
                        ("assessed_on", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "decision",
                            models.CharField(
                                choices=[
                                    ("allow", "Allow"),
                                    ("review", "Review"),
                                    ("deny", "Deny"),
                                ],
                                max_length=8,
                            ),
                        ),
                        (
                            "level",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("low", "Low"),
                                    ("medium", "Medium"),
                                    ("high", "High"),
                                    ("very_high", "Very High"),
                                ],
                                default="",
                                max_length=16,
                            ),
                        ),
                        ("score", models.FloatField(blank=True, null=True)),
                        ("reasons", models.JSONField(blank=True, default=list)),
                        ("signals", models.JSONField(blank=True, default=list)),
                        ("signal_matches", models.JSONField(blank=True, default=dict)),
                        (
                            "transaction_level",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("low", "Low"),
                                    ("medium", "Medium"),
                                    ("high", "High"),
                                    ("very_high", "Very High"),
                                    ("unknown", "Unknown"),
                                ],
                                default="",
                                max_length=16,
                            ),
                        ),
                        (
                            "aml_level",
                            models.CharField(
                                blank=True,
                                choices=[
                                    ("low", "Low"),
                                    ("medium", "Medium"),
                                    ("high", "High"),
                                    ("very_high", "Very High"),
                                    ("unknown", "Unknown"),
                                ],
                                default="",
                                max_length=16,
                            ),
                        ),
                        ("rules", models.JSONField(blank=True, default=list)),
                        (
                            "participant",
                            models.ForeignKey(
                                blank=True,
                                db_index=False,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="risk_assessments",
                                to="participants.participant",
                            ),
                        ),
                        (
                            "payment",
                            models.ForeignKey(
                                blank=True,
                                db_index=False,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="risk_assessments",
                                to="payments.payment",
                            ),
                        ),
                        (
                            "provider",
                            models.ForeignKey(
                                db_index=False,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="risk_assessments",
                                to="providers.provider",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "reviews_riskassessment",
                    },
                ),
                migrations.CreateModel(
                    name="DeviceObservation",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("observed_on", models.DateTimeField(blank=True, null=True)),
                        (
                            "device_type",
                            models.CharField(
                                blank=True,
                                choices=[("mobile", "Mobile"), ("desktop", "Desktop")],
                                default="",
                                max_length=16,
                            ),
                        ),
                        ("model", models.CharField(blank=True, default="", max_length=128)),
                        ("os", models.CharField(blank=True, default="", max_length=64)),
                        ("os_version", models.CharField(blank=True, default="", max_length=64)),
                        ("city", models.CharField(blank=True, default="", max_length=128)),
                        ("region", models.CharField(blank=True, default="", max_length=128)),
                        (
                            "assessment",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="device_observations",
                                to="risk.riskassessment",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "reviews_deviceobservation",
                    },
                ),
                migrations.CreateModel(
                    name="RiskListEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("country", "Country (ISO 3166-1 alpha-2) → addressRiskLevel"),
                                    ("email_domain", "Email domain → emailDomainLevel"),
                                    ("email", "Email address → emailLevel"),
                                    ("phone_prefix", "E.164 prefix, e.g. +1900 → phoneLevel"),
                                    (
                                        "sanctioned_name",
                                        "Full name on a sanctions list → sanctionLevel",
                                    ),
                                    (
                                        "pep_name",
                                        "Full name of a politically exposed person → pepLevel",
                                    ),
                                ],
                                max_length=32,
                            ),
                        ),
                        (
                            "value",
                            models.CharField(
                                help_text="Compared case-insensitively.", max_length=255
                            ),
                        ),
                        (
                            "level",
                            models.CharField(
                                choices=[
                                    ("low", "Low"),
                                    ("medium", "Medium"),
                                    ("high", "High"),
                                    ("very_high", "Very High"),
                                ],
                                max_length=16,
                            ),
                        ),
                        ("note", models.CharField(blank=True, default="", max_length=255)),
                        ("updated_on", models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={
                        "verbose_name": "risk list entry",
                        "verbose_name_plural": "risk list entries",
                        "db_table": "reviews_risklistentry",
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("kind", "value"), name="risk_list_entry_once"
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="RiskPolicy",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "review_at_score",
                            models.PositiveSmallIntegerField(
                                default=50,
                                help_text="A score at or above this is a `review` decision.",
                                validators=[django.core.validators.MaxValueValidator(100)],
                            ),
                        ),
                        (
                            "deny_at_score",
                            models.PositiveSmallIntegerField(
                                default=90,
                                help_text="A score at or above this is a `deny` decision.",
                                validators=[django.core.validators.MaxValueValidator(100)],
                            ),
                        ),
                        (
                            "medium_at_score",
                            models.PositiveSmallIntegerField(
                                default=25,
                                help_text="Level medium from this score.",
                                validators=[django.core.validators.MaxValueValidator(100)],
                            ),
                        ),
                        (
                            "high_at_score",
                            models.PositiveSmallIntegerField(
                                default=50,
                                help_text="Level high from this score.",
                                validators=[django.core.validators.MaxValueValidator(100)],
                            ),
                        ),
                        (
                            "very_high_at_score",
                            models.PositiveSmallIntegerField(
                                default=75,
                                help_text="Level very_high from this score.",
                                validators=[django.core.validators.MaxValueValidator(100)],
                            ),
                        ),
                        (
                            "aml_medium_amount",
                            models.DecimalField(
                                decimal_places=4,
                                default=3000,
                                help_text="A payment of at least this (platform currency) has amlLevel medium.",
                                max_digits=18,
                            ),
                        ),
                        (
                            "aml_high_amount",
                            models.DecimalField(
                                decimal_places=4,
                                default=10000,
                                help_text="A payment of at least this (platform currency) has amlLevel high.",
                                max_digits=18,
                            ),
                        ),
                        ("updated_on", models.DateTimeField(default=django.utils.timezone.now)),
                    ],
                    options={
                        "verbose_name": "risk policy",
                        "verbose_name_plural": "risk policy",
                        "db_table": "reviews_riskpolicy",
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    ("review_at_score__lte", models.F("deny_at_score"))
                                ),
                                name="risk_policy_review_below_deny",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    ("medium_at_score__lte", models.F("high_at_score")),
                                    ("high_at_score__lte", models.F("very_high_at_score")),
                                ),
                                name="risk_policy_level_bands_ordered",
                            ),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="RiskAllowlistEntry",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("reason", models.CharField(max_length=255)),
                        ("created_on", models.DateTimeField(default=django.utils.timezone.now)),
                        ("expires_on", models.DateTimeField(blank=True, null=True)),
                        (
                            "participant",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="risk_allowlist",
                                to="participants.participant",
                            ),
                        ),
                        (
                            "rule",
                            models.ForeignKey(
                                blank=True,
                                help_text="Empty: every rule.",
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="allowlist",
                                to="risk.riskrule",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "risk allowlist entry",
                        "verbose_name_plural": "risk allowlist entries",
                        "db_table": "reviews_riskallowlistentry",
                    },
                ),
                migrations.AddIndex(
                    model_name="riskassessment",
                    index=models.Index(
                        fields=["participant", "assessed_on", "id"],
                        name="assessment_participant_page",
                    ),
                ),
                migrations.AddIndex(
                    model_name="riskassessment",
                    index=models.Index(
                        fields=["payment", "assessed_on"], name="assessment_payment"
                    ),
                ),
                migrations.AddIndex(
                    model_name="deviceobservation",
                    index=models.Index(
                        fields=["assessment", "-observed_on", "-id"], name="device_observation_page"
                    ),
                ),
            ],
            database_operations=[],
        ),
    ]
