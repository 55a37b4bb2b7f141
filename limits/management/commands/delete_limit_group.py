from django.core.management.base import CommandError

from common.commands import JsonCommand
from limits import services
from limits.management import arguments as args
from limits.management.group_output import group_data
from limits.models import LimitGroup


class Command(JsonCommand):
    help = (
        "Delete a limit group (kept with deletedOn; its members fall back to their other groups "
        "or the provider default at the next resolution)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--group", required=True, metavar="GROUP_ID")

    def handle(self, *a, **options):
        group = LimitGroup.objects.filter(pk=options["group"]).first()
        if group is None:
            raise CommandError(f"no limit group {options['group']}")
        with self.domain_errors():
            group = services.delete_limit_group(
                provider_id=group.provider_id,
                group_id=group.id,
                actor=args.command_actor("delete_limit_group"),
            )
        data = group_data(group)
        self.emit(options, data, args.human(data))
