"""Allow a staff user to enrol a second factor: `allow_otp_enrolment --username alice`. The
first superuser of a new deployment is enrolled this way (from the server itself)."""

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from common.commands import JsonCommand
from security import second_factor


class Command(JsonCommand):
    help = "Allow a staff user to enrol an authenticator app at their next admin login."

    def add_arguments(self, parser):
        parser.add_argument("--username", required=True)

    def handle(self, *args, **options):
        user = get_user_model().objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"No user named {options['username']!r}.")
        device = second_factor.allow_enrolment(user, by="allow_otp_enrolment")
        window = timedelta(seconds=second_factor.enrolment_window_seconds())
        expires = (device.created_at + window).isoformat().replace("+00:00", "Z")
        hours = max(1, second_factor.enrolment_window_seconds() // 3600)
        self.emit(
            options,
            {"username": user.get_username(), "enrolmentExpiresOn": expires},
            f"{user.get_username()} may enrol an authenticator app at the next admin login "
            f"(within {hours} hour(s)).",
        )
