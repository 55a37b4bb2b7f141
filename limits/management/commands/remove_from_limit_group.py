from limits import services
from limits.management import arguments as args
from limits.management.membership_command import MembershipCommand


class Command(MembershipCommand):
    help = "End a participant's membership of a limit group (the history is kept)."

    def handle(self, *a, **options):
        group, enrollment = self.group_and_enrollment(options)
        with self.domain_errors():
            membership = services.remove_from_limit_group(
                group_id=group.id,
                enrollment=enrollment,
                actor=args.command_actor("remove_from_limit_group"),
            )
        data = {
            **self.membership_data(group, enrollment),
            "endedOn": membership.ended_on.isoformat(),
        }
        self.emit(options, data, args.human(data))
