from common.commands import JsonCommand
from common.devices import add_device_arguments, device_from_options
from payments import services
from payments.commands import STAFF, add_amount_arguments, amount_minor, payment_output


class Command(JsonCommand):
    help = "Request money from a phone number, into the requester's funding source."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, help="provider ID")
        parser.add_argument("--requester", required=True, help="participantID or externalID")
        parser.add_argument("--payer-phone", required=True, help="E.164, e.g. +14155550123")
        add_amount_arguments(parser)
        add_device_arguments(parser)

    def handle(self, *args, **options):
        minor, currency = amount_minor(options)
        with self.domain_errors():
            device = device_from_options(options)
            request = services.create_request(
                data=services.NewRequest(
                    provider_id=options["provider"],
                    requester=options["requester"],
                    payer_phone=options["payer_phone"],
                    amount_minor=minor,
                    currency=currency,
                    memo=options["memo"],
                    device=device,
                ),
                actor=STAFF,
            )
        self.emit(options, *payment_output(request))
