"""Read-only staff views of payments: the list, searchable by ID, reference number and phone,
and one page per payout or request with its whole story (`payments.admin.page`).

Payments change only through the services (staff commands, the API's reviews, the ledger's
answers), so nothing here edits them.
"""

import re

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpResponseNotAllowed
from django.template.response import TemplateResponse
from django.utils.html import format_html

from common.admin import ReadOnlyAdmin
from common.words import words
from payments.admin.page import money, page_of
from payments.models import Payment

# A search with at least this many digits is also read as a phone number (any formatting).
PHONE_DIGITS = 7


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = (
        "payment_column",
        "amount",
        "parties",
        "status_words",
        "hold_active",
        "created_on",
    )
    list_display_links = ("payment_column",)
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
    search_help_text = (
        "A payment ID, reference number or participantID (exact); a phone number (any "
        "formatting, at least 7 digits: the recipient's or payer's, or either party's own); "
        "part of a name."
    )
    date_hierarchy = "created_on"
    ordering = ("-created_on", "-id")
    list_select_related = ("initiator_provider",)

    class Media:
        css = {"all": ["payments/staff.css"]}

    @admin.display(description="amount", ordering="amount_minor")
    def amount(self, payment: Payment) -> str:
        return money(payment.amount_minor, payment.currency)

    @admin.display(description="status", ordering="status")
    def status_words(self, payment: Payment) -> str:
        return words(payment.status)

    @admin.display(description="payment", ordering="id")
    def payment_column(self, payment: Payment) -> str:
        """The ID's end, whole (the full ID on hover and on the page), the kind and the
        reference number: the list fits 1400 px and nothing breaks mid-word."""
        return format_html(
            '<span class="pay-id" title="{}">…{}</span><br>'
            '<span class="quiet">{}</span> <span class="pay-id">{}</span>',
            payment.pk,
            payment.pk[-8:],
            payment.type,
            payment.reference_number,
        )

    @admin.display(description="from → to", ordering="initiator_name")
    def parties(self, payment: Payment) -> str:
        return format_html(
            '{}<br><span class="quiet">to</span> {}<br><span class="quiet">{}</span>',
            payment.initiator_name or payment.initiator_participant_id,
            payment.counterparty_name or payment.counterparty_phone or "—",
            payment.initiator_provider.name,
        )

    def get_search_results(self, request, queryset, search_term):
        found, duplicates = super().get_search_results(request, queryset, search_term)
        digits = re.sub(r"\D", "", search_term or "")
        if len(digits) < PHONE_DIGITS:
            return found, duplicates
        # The number as stored (E.164) ends with what was typed, whatever its formatting.
        by_phone = queryset.filter(
            Q(counterparty_phone__endswith=digits)
            | Q(initiator_enrollment__phones__e164__endswith=digits)
            | Q(counterparty_enrollment__phones__e164__endswith=digits)
        )
        return (found | by_phone).distinct(), True

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        payment = (
            Payment.objects.select_related(
                "initiator_provider",
                "initiator_enrollment",
                "initiator_funding_source",
                "counterparty_provider",
                "counterparty_enrollment",
                "counterparty_funding_source",
            )
            .filter(pk=unquote(object_id))
            .first()
        )
        if payment is None:
            return self._get_obj_does_not_exist_redirect(request, self.model._meta, object_id)
        if not self.has_view_permission(request, payment):
            raise PermissionDenied
        page = page_of(payment.typed())
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": payment,
            "title": f"{page['kind'].capitalize()} {payment.pk}",
            "subtitle": f"{page['amount']} · {words(payment.status)}",
            **page,
        }
        request.current_app = self.admin_site.name
        return TemplateResponse(request, "admin/payments/payment/detail.html", context)
