from common.commands import JsonCommand
from payments import services
from payments.commands import STAFF, payment_output
from payments.models import Payout


class Command(JsonCommand):
    help = "Cancel an authorized or accepted payout, releasing its hold."

    def add_arguments(self, parser):
        parser.add_argument("--payout", required=True, help="payout ID")
        parser.add_argument("--reason", default="cancelled by staff")

    def handle(self, *args, **options):
        with self.domain_errors():
            services.cancel_payout(
                payout_id=options["payout"], reason=options["reason"], actor=STAFF
            )
        self.emit(options, *payment_output(Payout.objects.get(pk=options["payout"])))
