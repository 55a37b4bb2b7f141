from django.utils import timezone

from common.commands import JsonCommand
from providers import services


class Command(JsonCommand):
    help = "Revoke an API key and every token narrowed from it."

    def add_arguments(self, parser):
        parser.add_argument("--key", required=True, metavar="API_KEY_ID")

    def handle(self, *args, **options):
        with self.domain_errors():
            key = services.revoke_api_key(key_id=options["key"])
        revoked = (key.revoked_on or timezone.now()).isoformat().replace("+00:00", "Z")
        self.emit(options, {"apiKeyID": key.id, "revokedOn": revoked})
