from common.commands import JsonCommand
from payments import services
from payments.commands import STAFF, payment_output


class Command(JsonCommand):
    help = "A payer pays a request: collect, then disburse to the requester (or wait)."

    def add_arguments(self, parser):
        parser.add_argument("--request", required=True, help="request ID")
        parser.add_argument("--payer-provider", required=True, help="payer's provider ID")
        parser.add_argument("--payer", required=True, help="participantID or externalID")

    def handle(self, *args, **options):
        with self.domain_errors():
            request = services.pay_request(
                request_id=options["request"],
                payer_provider_id=options["payer_provider"],
                payer=options["payer"],
                actor=STAFF,
            )
        self.emit(options, *payment_output(request))
