"""Read-only staff views of payments: status, parties, hold, operations and history.

Payments change only through the services (staff commands, the API's reviews, the ledger's
answers), so nothing here edits them.
"""

from django.contrib import admin

from common.admin import ReadOnlyAdmin, ReadOnlyInline
from common.money import amount_json
from payments.models import FundingAttempt, Operation, Payment, PaymentEvent


class _ReadOnlyInline(ReadOnlyInline):
    show_change_link = False


class OperationInline(_ReadOnlyInline):
    model = Operation
    fields = (
        "id",
        "type",
        "rail",
        "status",
        "occurred_on",
        "external_reference",
        "failure_code",
        "failure_reason",
    )
    readonly_fields = fields


class FundingAttemptInline(_ReadOnlyInline):
    model = FundingAttempt
    fields = ("funding_type", "status", "reference", "created_on", "updated_on")
    readonly_fields = fields


class PaymentEventInline(_ReadOnlyInline):
    model = PaymentEvent
    fields = ("occurred_on", "trigger", "from_status", "to_status", "reason", "actor_kind")
    readonly_fields = fields


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "type",
        "status",
        "amount",
        "reference_number",
        "initiator_name",
        "counterparty_label",
        "hold_active",
        "created_on",
    )
    list_filter = ("type", "status", "hold_active", "initiator_provider")
    search_fields = (
        "=id",
        "=reference_number",
        "=initiator_participant_id",
        "=counterparty_participant_id",
        "counterparty_phone",
        "initiator_name",
        "counterparty_name",
    )
    date_hierarchy = "created_on"
    ordering = ("-created_on", "-id")
    inlines = [OperationInline, FundingAttemptInline, PaymentEventInline]
    list_select_related = ("initiator_provider",)

    @admin.display(description="amount")
    def amount(self, payment: Payment) -> str:
        rendered = amount_json(payment.amount_minor, payment.currency)
        return f"{rendered['value']} {payment.currency}"

    @admin.display(description="counterparty")
    def counterparty_label(self, payment: Payment) -> str:
        return payment.counterparty_name or payment.counterparty_phone or "—"
