from common.commands import JsonCommand
from payments import services
from payments.commands import STAFF, payment_output


class Command(JsonCommand):
    help = "The recipient claims a payout (capture and disburse)."

    def add_arguments(self, parser):
        parser.add_argument("--payout", required=True, help="payout ID")
        parser.add_argument("--recipient-provider", default=None, help="recipient's provider ID")
        parser.add_argument("--recipient", default=None, help="participantID or externalID")
        parser.add_argument("--recipient-name", default="", help="the name given at claim")

    def handle(self, *args, **options):
        with self.domain_errors():
            payout = services.claim_payout(
                payout_id=options["payout"],
                recipient_provider_id=options["recipient_provider"],
                recipient=options["recipient"],
                recipient_name=options["recipient_name"],
                actor=STAFF,
            )
        payout.refresh_from_db()
        self.emit(options, *payment_output(payout))
