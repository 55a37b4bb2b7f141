from common.commands import JsonCommand
from limits import services
from limits.management import arguments as args
from limits.management.group_output import group_data


class Command(JsonCommand):
    help = (
        "Create a provider's limit group with the ceilings it sets (a dimension without a flag "
        "is left to the provider or platform level). Prints {groupID, ...}."
    )

    def add_arguments(self, parser):
        parser.add_argument("--provider", required=True, metavar="PROVIDER_ID")
        parser.add_argument("--name", required=True, help="unique among the provider's groups")
        args.add_ceiling_flags(parser, what="group ceiling")

    def handle(self, *a, **options):
        provider = args.provider_or_error(options["provider"])
        with self.domain_errors():
            group = services.create_limit_group(
                provider_id=provider.id,
                name=options["name"],
                ceilings=args.ceilings_from(options),
                actor=args.command_actor("create_limit_group"),
            )
        for warning in args.clamp_warnings(group.ceilings()):
            self.stderr.write(warning)
        data = group_data(group)
        self.emit(options, data, args.human(data))
