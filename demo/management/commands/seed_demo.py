import time
import urllib.error
import urllib.request

from django.conf import settings
from django.core.management.base import CommandError

from common.commands import JsonCommand
from demo import seed


class Command(JsonCommand):
    help = "Create or refresh the demo provider and its data; prints a new API key (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")
        parser.add_argument(
            "--wait-for-server",
            type=float,
            default=0,
            metavar="SECONDS",
            help="wait this long for the server at --base-url to answer before seeding "
            "(demo payouts call its sandbox ledger)",
        )
        parser.add_argument(
            "--wait-for-workers",
            type=float,
            default=60,
            metavar="SECONDS",
            help="with a broker, how long each demo payout may wait for the workers to "
            "answer its ledger calls before the seed gives up (default 60)",
        )

    def handle(self, *args, **options):
        base_url = options["base_url"].rstrip("/")
        if options["wait_for_server"]:
            _wait_for(base_url, options["wait_for_server"])
        result = seed.seed(base_url=base_url, wait_seconds=options["wait_for_workers"])
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
        if result.second_provider:
            data["secondProviderID"] = result.second_provider.id
        if result.webhook_url:
            data["webhookURL"] = result.webhook_url
        username, password = result.analyst
        data["analyst"] = {"username": username, "password": password}
        human = "\n".join(
            [
                "",
                f"Demo provider {result.provider.name}: {provider_id}",
                f"API key ID:     {result.api_key_id}",
                f"API key secret: {result.api_key_secret}   (shown once; re-run to get a new one)",
                "",
                "List the demo participants:",
                f"  {curl}",
                "Payments in every status:",
                f"  curl -u '{credentials}' {base_url}/providers/{provider_id}/payments",
                "Risk: a signup in review, and a participant's assessments:",
                f"  curl -u '{credentials}' {base_url}/providers/{provider_id}/participant-reviews",
                f"  curl -u '{credentials}' "
                f"{base_url}/providers/{provider_id}/participants/demo-paula/risk-assessments",
                "",
                "Events (oldest first), and the signed webhooks the sandbox receiver verified:",
                f"  curl -u '{credentials}' {base_url}/providers/{provider_id}/events",
                f"  .venv/bin/python manage.py sandbox_webhooks --provider {provider_id}",
                "",
                f"Swagger UI: {base_url}/api/docs/    OpenAPI schema: {base_url}/api/schema/",
                f"Review queue: {base_url}/admin/reviews/participantreview/",
                f"  log in as {username} / {password}  (a Risk analyst; new password each run)",
                _second_factor_note(),
                "",
            ]
        )
        if result.second_provider:
            human += (
                f"Second demo provider {result.second_provider.name}: "
                f"{result.second_provider.id} (create_api_key --provider to read its side)\n"
            )
        if result.webhook_url:
            human += (
                f"Webhooks: every event is sent to the sandbox receiver at {result.webhook_url}\n"
            )
        if result.ledger_urls:
            human += (
                f"Ledger: sandbox at {result.ledger_urls['authorize_url'].rsplit('/', 1)[0]}/\n"
            )
        self.emit(options, data, human)


def _wait_for(base_url: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(f"{base_url}/api/schema/", timeout=2).close()
            return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            if time.monotonic() > deadline:
                raise CommandError(f"No server answered at {base_url}.") from None
            time.sleep(0.3)


def _second_factor_note() -> str:
    if settings.STAFF_OTP_REQUIRED:
        return (
            "The admin asks analysts for a second factor: allow enrolment with "
            "`manage.py allow_otp_enrolment --username analyst`."
        )
    return (
        "Second factor: off in this demo (STAFF_OTP_REQUIRED is off with DEBUG); production "
        "asks every staff account for an authenticator code."
    )
