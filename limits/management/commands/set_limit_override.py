from django.core.management.base import CommandError

from common.commands import JsonCommand
from limits import dimensions, selectors, services
from limits.management import arguments as args


class Command(JsonCommand):
    help = (
        "Override a participant's ceilings at a provider, one flag per dimension "
        "(--daily-amount 500.00 --daily-send-count 10), optionally until --expires-on; the "
        "override replaces any current one for those dimensions. --clear DIMENSION ends one. "
        "Prints the participant's effective limits afterwards."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        args.add_participant_flag(parser)
        args.add_ceiling_flags(parser, what="override")
        parser.add_argument(
            "--expires-on", metavar="ISO8601", help="when the override lapses, with a UTC offset"
        )
        parser.add_argument("--reason", default="", help="why (kept with the override)")
        args.add_unset_flag(
            parser, flag="--clear", help_text="end the current override of this dimension"
        )

    def handle(self, *a, **options):
        provider = args.provider_or_error(options["provider"])
        enrollment = args.enrollment_or_error(provider.id, options["participant"])
        values = args.ceilings_from(options)
        clear = [args.dimension_name(name) for name in options["clear"]]
        if not values and not clear:
            raise CommandError("give at least one dimension flag or --clear DIMENSION")
        if set(values) & set(clear):
            raise CommandError("a dimension cannot be both set and cleared")
        expires_on = args.parse_expiry(options["expires_on"])
        actor = args.command_actor("set_limit_override")
        with self.domain_errors():
            if clear:
                services.clear_limit_override(
                    enrollment=enrollment, dimension_names=clear, actor=actor
                )
            if values:
                services.set_limit_override(
                    enrollment=enrollment,
                    values=values,
                    expires_on=expires_on,
                    reason=options["reason"],
                    actor=actor,
                )
        for warning in args.clamp_warnings(values):
            self.stderr.write(warning)
        data = {
            "providerID": provider.id,
            "participantID": enrollment.participant_id,
            "currency": dimensions.platform_currency(),
            "set": args.readable(values),
            "cleared": clear,
            "effectiveLimits": selectors.effective_limits(
                provider_id=provider.id, enrollment=enrollment
            ),
        }
        self.emit(options, data, args.human(data))
