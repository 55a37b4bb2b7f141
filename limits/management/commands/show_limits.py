from common.commands import JsonCommand
from limits import selectors
from limits.management import arguments as args


class Command(JsonCommand):
    help = (
        "Print a provider's limit defaults, or with --participant the participant's effective "
        "limits, exactly as the API returns them."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        parser.add_argument("--participant", metavar="PARTICIPANT")

    def handle(self, *a, **options):
        provider = args.provider_or_error(options["provider"])
        if options["participant"]:
            enrollment = args.enrollment_or_error(provider.id, options["participant"])
            data = {
                "effectiveLimits": selectors.effective_limits(
                    provider_id=provider.id, enrollment=enrollment
                ),
                "participantID": enrollment.participant_id,
            }
        else:
            data = selectors.limit_defaults(provider.id)
        self.emit(options, data)
