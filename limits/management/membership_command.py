"""Shared shape of add_to_limit_group / remove_from_limit_group."""

from django.core.management.base import CommandError

from common.commands import JsonCommand
from limits.management import arguments as args
from limits.models import LimitGroup


class MembershipCommand(JsonCommand):
    def add_arguments(self, parser):
        parser.add_argument("--group", required=True, metavar="GROUP_ID")
        args.add_participant_flag(parser, within="the group's provider")

    def group_and_enrollment(self, options):
        group = LimitGroup.objects.filter(pk=options["group"], deleted_on__isnull=True).first()
        if group is None:
            raise CommandError(f"no live limit group {options['group']}")
        return group, args.enrollment_or_error(group.provider_id, options["participant"])

    @staticmethod
    def membership_data(group, enrollment) -> dict:
        return {"groupID": group.id, "name": group.name, "participantID": enrollment.participant_id}
