from common.commands import JsonCommand
from events import services
from events.management.arguments import add_endpoint_arguments, endpoint_json, endpoint_lines


class Command(JsonCommand):
    help = "Enable a disabled webhook endpoint; what it was owed while off is sent now."

    def add_arguments(self, parser):
        add_endpoint_arguments(parser)

    def handle(self, *args, **options):
        with self.domain_errors():
            endpoint = services.enable_endpoint(
                provider_id=options["provider"], endpoint_id=options["endpoint"]
            )
        self.emit(options, endpoint_json(endpoint), endpoint_lines(endpoint))
