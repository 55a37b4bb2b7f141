from common.commands import JsonCommand
from events import services
from events.management.arguments import add_endpoint_arguments, endpoint_json


class Command(JsonCommand):
    help = "A new signing secret (printed once); the previous one signs too for 24 hours."

    def add_arguments(self, parser):
        add_endpoint_arguments(parser)

    def handle(self, *args, **options):
        with self.domain_errors():
            endpoint, secret = services.rotate_secret(
                provider_id=options["provider"], endpoint_id=options["endpoint"]
            )
        self.emit(
            options,
            endpoint_json(endpoint, secret=secret),
            f"secret (shown once): {secret}\nprevious secret signs until "
            f"{endpoint.previous_secret_expires_on:%Y-%m-%d %H:%M} UTC",
        )
