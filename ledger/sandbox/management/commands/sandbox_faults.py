from django.conf import settings
from django.core.management.base import CommandError

from common.commands import JsonCommand
from ledger.sandbox import services
from ledger.sandbox.models import SandboxFaults

OPTIONS = ("rate_503", "rate_429", "slow_rate", "slow_ms", "retry_after", "next_statuses")


class Command(JsonCommand):
    help = (
        "Show or set fault injection on a provider's sandbox ledger. Any fault option replaces "
        "the whole setting (options left out go back to no fault) and zeroes the counters."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        parser.add_argument("--rate-503", type=float, metavar="RATE", help="0.0 to 1.0")
        parser.add_argument("--rate-429", type=float, metavar="RATE", help="0.0 to 1.0")
        parser.add_argument(
            "--retry-after", type=int, metavar="SECONDS", help="Retry-After sent with a 429"
        )
        parser.add_argument(
            "--slow-rate", type=float, metavar="RATE", help="share of answers held back"
        )
        parser.add_argument("--slow-ms", type=int, metavar="MS", help="how long (default 2000)")
        parser.add_argument(
            "--next-status",
            type=int,
            action="append",
            dest="next_statuses",
            metavar="STATUS",
            help="answer the next request with this status (repeat for a sequence)",
        )

    def handle(self, *args, **options):
        if not settings.SANDBOX_LEDGER_ENABLED:
            raise CommandError("The sandbox ledger is not enabled (SANDBOX_LEDGER_ENABLED).")
        provider_id = options["provider"]
        if any(options[name] is not None for name in OPTIONS):
            with self.domain_errors():
                faults = services.set_faults(
                    provider_id=provider_id,
                    rate_503=options["rate_503"] or 0.0,
                    rate_429=options["rate_429"] or 0.0,
                    slow_rate=options["slow_rate"] or 0.0,
                    slow_ms=2000 if options["slow_ms"] is None else options["slow_ms"],
                    retry_after_seconds=options["retry_after"] or 1,
                    next_statuses=options["next_statuses"] or (),
                )
        else:
            faults = SandboxFaults.objects.filter(provider_id=provider_id).first()
            faults = faults or SandboxFaults(provider_id=provider_id)
        self.emit(
            options,
            {
                "providerID": provider_id,
                "rate503": faults.rate_503,
                "rate429": faults.rate_429,
                "retryAfterSeconds": faults.retry_after_seconds,
                "slowRate": faults.slow_rate,
                "slowMs": faults.slow_ms,
                "nextStatuses": faults.next_statuses,
                "injected": {
                    "503": faults.injected_503,
                    "429": faults.injected_429,
                    "slow": faults.injected_slow,
                    "scripted": faults.injected_scripted,
                },
            },
        )
