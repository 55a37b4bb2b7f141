from django.core.management.base import CommandError

from api.query import parse_datetime_param
from common.commands import JsonCommand
from events import services


class Command(JsonCommand):
    help = (
        "Send events again: one event to its provider's endpoints (--event), or every event "
        "since a time to one endpoint (--endpoint and --since)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, help="providerID")
        parser.add_argument("--event", help="eventID (evt_…)")
        parser.add_argument("--endpoint", help="endpointID (whe_…)")
        parser.add_argument("--since", help="ISO 8601 date-time, e.g. 2026-11-24T09:00:00Z")

    def handle(self, *args, **options):
        if bool(options["event"]) == bool(options["endpoint"]):
            raise CommandError("Give --event, or --endpoint with --since.")
        with self.domain_errors():
            if options["event"]:
                deliveries = services.redeliver_event(
                    provider_id=options["provider"], event_id=options["event"]
                )
            else:
                if not options["since"]:
                    raise CommandError("--endpoint needs --since.")
                deliveries = services.redeliver_since(
                    provider_id=options["provider"],
                    endpoint_id=options["endpoint"],
                    since=parse_datetime_param("--since", options["since"]),
                )
        self.emit(
            options,
            {
                "deliveries": [
                    {"eventID": d.event_id, "endpointID": d.endpoint_id} for d in deliveries
                ]
            },
            f"{len(deliveries)} delivery(ies) scheduled.",
        )
