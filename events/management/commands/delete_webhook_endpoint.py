from common.commands import JsonCommand
from events import services
from events.management.arguments import add_endpoint_arguments, endpoint_json


class Command(JsonCommand):
    help = "Delete a webhook endpoint: nothing more is sent to it (its log stays)."

    def add_arguments(self, parser):
        add_endpoint_arguments(parser)

    def handle(self, *args, **options):
        with self.domain_errors():
            endpoint = services.delete_endpoint(
                provider_id=options["provider"], endpoint_id=options["endpoint"]
            )
        self.emit(options, endpoint_json(endpoint), f"Deleted {endpoint.pk}.")
