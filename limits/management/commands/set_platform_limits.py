from common.commands import JsonCommand
from limits import dimensions, services
from limits.management import arguments as args


class Command(JsonCommand):
    help = (
        "Set the platform default (--daily-amount ...) and/or maximum (--max-daily-amount ...) "
        "of each send-limit dimension. A default may not exceed its maximum. Without flags, "
        "prints the current values. Any change replaces versions.platform."
    )

    def add_arguments(self, parser):
        args.add_ceiling_flags(parser, what="platform default")
        args.add_ceiling_flags(parser, prefix="max-", what="platform maximum")

    def handle(self, *a, **options):
        with self.domain_errors():
            platform, changed = services.set_platform_limits(
                defaults=args.ceilings_from(options),
                maximums=args.ceilings_from(options, prefix="max-"),
                actor=args.command_actor("set_platform_limits"),
            )
        data = {
            "currency": dimensions.platform_currency(),
            "defaults": args.readable(platform.defaults()),
            "maximums": args.readable(platform.maximums()),
            "version": platform.version_id,
            "changed": changed,
        }
        self.emit(options, data, args.human(data))
