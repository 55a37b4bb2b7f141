from django.core.management.base import CommandError

from common.commands import JsonCommand
from limits import services
from limits.management import arguments as args
from limits.management.group_output import group_data
from limits.models import LimitGroup


class Command(JsonCommand):
    help = (
        "Rename a live limit group or change its ceilings (--daily-amount 500.00 ...); "
        "--unset DIMENSION stops the group setting it. Members see the change at once."
    )

    def add_arguments(self, parser):
        parser.add_argument("--group", required=True, metavar="GROUP_ID")
        parser.add_argument("--name")
        args.add_ceiling_flags(parser, what="group ceiling")
        args.add_unset_flag(parser, help_text="stop setting this dimension (repeatable)")

    def handle(self, *a, **options):
        if not LimitGroup.objects.filter(pk=options["group"], deleted_on__isnull=True).exists():
            raise CommandError(f"no live limit group {options['group']}")
        ceilings = {
            **{args.dimension_name(name): None for name in options["unset"]},
            **args.ceilings_from(options),
        }
        with self.domain_errors():
            group = services.update_limit_group(
                group_id=options["group"],
                name=options["name"],
                ceilings=ceilings,
                actor=args.command_actor("set_limit_group"),
            )
        for warning in args.clamp_warnings(group.ceilings()):
            self.stderr.write(warning)
        data = group_data(group)
        self.emit(options, data, args.human(data))
