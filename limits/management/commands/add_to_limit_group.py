from limits import services
from limits.management import arguments as args
from limits.management.membership_command import MembershipCommand


class Command(MembershipCommand):
    help = "Add a participant (participantID or externalID) to a limit group of its provider."

    def handle(self, *a, **options):
        group, enrollment = self.group_and_enrollment(options)
        with self.domain_errors():
            membership, created = services.add_to_limit_group(
                group_id=group.id,
                enrollment=enrollment,
                actor=args.command_actor("add_to_limit_group"),
            )
        data = {
            **self.membership_data(group, enrollment),
            "added": created,
            "memberSince": membership.created_on.isoformat(),
        }
        self.emit(options, data, args.human(data))
