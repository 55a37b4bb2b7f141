from common.commands import JsonCommand
from providers import services


class Command(JsonCommand):
    help = "Create a provider and its first API key (every scope). The secret is shown once."

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)

    def handle(self, *args, **options):
        with self.domain_errors():
            provider, issued = services.create_provider(name=options["name"])
        self.emit(
            options,
            {
                "providerID": provider.id,
                "apiKeyID": issued.api_key.id,
                "apiKeySecret": issued.secret,
            },
        )
