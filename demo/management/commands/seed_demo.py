from common.commands import JsonCommand
from demo import seed


class Command(JsonCommand):
    help = "Create or refresh the demo provider and its data; prints a new API key (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args, **options):
        base_url = options["base_url"].rstrip("/")
        result = seed.seed(base_url=base_url)
        provider_id = result.provider.id
        credentials = f"{result.api_key_id}:{result.api_key_secret}"
        curl = f"curl -u '{credentials}' {base_url}/providers/{provider_id}/participants"
        data = {
            "providerID": provider_id,
            "apiKeyID": result.api_key_id,
            "apiKeySecret": result.api_key_secret,
            "participantIDs": result.participant_ids,
            "curl": curl,
        }
        if result.ledger_urls:
            data["ledgerURLs"] = result.ledger_urls
        human = "\n".join(
            [
                "",
                f"Demo provider {result.provider.name}: {provider_id}",
                f"API key ID:     {result.api_key_id}",
                f"API key secret: {result.api_key_secret}   (shown once; re-run to get a new one)",
                "",
                "List the demo participants:",
                f"  {curl}",
                "",
                f"Swagger UI: {base_url}/api/docs/    OpenAPI schema: {base_url}/api/schema/",
                "",
            ]
        )
        if result.ledger_urls:
            human += (
                f"Ledger: sandbox at {result.ledger_urls['authorize_url'].rsplit('/', 1)[0]}/\n"
            )
        self.emit(options, data, human)
