from common.commands import JsonCommand
from limits import dimensions, selectors, services
from limits.management import arguments as args


class Command(JsonCommand):
    help = (
        "Save a provider's limit policy: one flag per dimension it sets (--daily-amount 500.00, "
        "--daily-send-count 10); --unset DIMENSION falls back to the platform default; --clear "
        "removes the saved policy. Every change replaces versions.provider."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        args.add_ceiling_flags(parser, what="provider default")
        args.add_unset_flag(parser, help_text="stop setting this dimension (repeatable)")
        parser.add_argument("--clear", action="store_true", help="remove the saved policy")

    def handle(self, *a, **options):
        provider = args.provider_or_error(options["provider"])
        actor = args.command_actor("set_provider_limits")
        with self.domain_errors():
            if options["clear"]:
                cleared = services.clear_provider_limits(provider_id=provider.id, actor=actor)
                self.emit(options, {"providerID": provider.id, "cleared": cleared})
                return
            ceilings = {
                **{args.dimension_name(name): None for name in options["unset"]},
                **args.ceilings_from(options),
            }
            policy = services.set_provider_limits(
                provider_id=provider.id, ceilings=ceilings, actor=actor
            )
        for warning in args.clamp_warnings(policy.ceilings()):
            self.stderr.write(warning)
        data = {
            "providerID": provider.id,
            "currency": dimensions.platform_currency(),
            "policy": args.readable(policy.ceilings()),
            "version": policy.version_id,
            "providerSources": selectors.limit_defaults(provider.id)["defaults"]["providerSources"],
        }
        self.emit(options, data, args.human(data))
