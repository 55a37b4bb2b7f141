from common.commands import JsonCommand
from common.rendering import json_ready
from events.sandbox.models import ReceivedWebhook


class Command(JsonCommand):
    help = "What the sandbox webhook receiver got for a provider, newest first."

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, help="providerID")
        parser.add_argument("--limit", type=int, default=10)

    def handle(self, *args, **options):
        rows = ReceivedWebhook.objects.filter(receiver__provider_id=options["provider"]).order_by(
            "-received_on", "-id"
        )[: options["limit"]]
        received = [
            {
                "receivedOn": json_ready(row.received_on),
                "webhookID": row.webhook_id,
                "type": row.event_type,
                "verified": row.verified,
                "status": row.status_code,
                **({"error": row.error} if row.error else {}),
                **({"data": row.body.get("data")} if isinstance(row.body, dict) else {}),
            }
            for row in rows
        ]
        human = "\n".join(
            f"{r['receivedOn']}  {r['type'] or '?':28} {r['webhookID']}  "
            f"{'signature verified' if r['verified'] else 'NOT verified: ' + r.get('error', '')}"
            for r in received
        )
        self.emit(options, {"received": received}, human or "Nothing received yet.")
