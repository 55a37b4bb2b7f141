from common.commands import JsonCommand
from common.devices import add_device_arguments, device_from_options
from payments import services
from payments.commands import STAFF, add_amount_arguments, amount_minor, payment_output


class Command(JsonCommand):
    help = "Send a payout from a participant to a phone number (limits, risk, ledger hold)."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, help="provider ID")
        parser.add_argument("--sender", required=True, help="participantID or externalID")
        parser.add_argument("--recipient-phone", required=True, help="E.164, e.g. +14155550123")
        add_amount_arguments(parser)
        parser.add_argument("--funding-source", default=None, help="fundingSourceID")
        add_device_arguments(parser)

    def handle(self, *args, **options):
        minor, currency = amount_minor(options)
        with self.domain_errors():
            device = device_from_options(options)
            payout = services.create_payout(
                data=services.NewPayout(
                    provider_id=options["provider"],
                    sender=options["sender"],
                    recipient_phone=options["recipient_phone"],
                    amount_minor=minor,
                    currency=currency,
                    memo=options["memo"],
                    device=device,
                    funding_source_id=options["funding_source"],
                ),
                actor=STAFF,
            )
        self.emit(options, *payment_output(payout))
