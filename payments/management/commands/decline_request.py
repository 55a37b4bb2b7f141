from common.commands import JsonCommand
from payments import services
from payments.commands import STAFF, payment_output


class Command(JsonCommand):
    help = "The payer declines a request."

    def add_arguments(self, parser):
        parser.add_argument("--request", required=True, help="request ID")

    def handle(self, *args, **options):
        with self.domain_errors():
            request = services.decline_request(request_id=options["request"], actor=STAFF)
        self.emit(options, *payment_output(request))
