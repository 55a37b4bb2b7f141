from common.commands import JsonCommand
from events.management.arguments import endpoint_json, endpoint_lines
from events.selectors import live_endpoints


class Command(JsonCommand):
    help = "A provider's webhook endpoints (never their secrets)."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, help="providerID")

    def handle(self, *args, **options):
        endpoints = list(live_endpoints(options["provider"]).order_by("created_on", "id"))
        self.emit(
            options,
            {"webhookEndpoints": [endpoint_json(e)["webhookEndpoint"] for e in endpoints]},
            "\n".join(endpoint_lines(e) for e in endpoints) or "No webhook endpoints.",
        )
