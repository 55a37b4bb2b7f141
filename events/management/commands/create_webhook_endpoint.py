from common.commands import JsonCommand
from events import services
from events.management.arguments import endpoint_json, endpoint_lines
from events.types import ALL_TYPES


class Command(JsonCommand):
    help = "Register a webhook endpoint for a provider; prints its signing secret (once)."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, help="providerID")
        parser.add_argument("--url", required=True)
        parser.add_argument(
            "--event-type", action="append", dest="event_types", choices=ALL_TYPES, default=[]
        )
        parser.add_argument("--description", default="")

    def handle(self, *args, **options):
        with self.domain_errors():
            endpoint, secret = services.create_endpoint(
                provider_id=options["provider"],
                url=options["url"],
                event_types=options["event_types"],
                description=options["description"],
            )
        self.emit(
            options,
            endpoint_json(endpoint, secret=secret),
            f"{endpoint_lines(endpoint)}\nsecret (shown once): {secret}",
        )
