from common.commands import JsonCommand
from events import services
from events.management.arguments import add_endpoint_arguments


class Command(JsonCommand):
    help = "Send a webhook.test event to one endpoint."

    def add_arguments(self, parser):
        add_endpoint_arguments(parser)

    def handle(self, *args, **options):
        with self.domain_errors():
            event = services.send_test(
                provider_id=options["provider"], endpoint_id=options["endpoint"]
            )
        self.emit(options, {"eventID": event.pk}, f"Sent {event.pk}.")
