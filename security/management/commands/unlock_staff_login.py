"""Lift an admin login lockout: `unlock_staff_login --username alice` or `--address 203.0.113.7`."""

from django.core.management.base import CommandError

from common.commands import JsonCommand
from security.unlock import unlock


class Command(JsonCommand):
    help = "Lift the admin login lockout of a username, an address, or both."

    def add_arguments(self, parser):
        parser.add_argument("--username", help="the locked staff username")
        parser.add_argument("--address", help="the locked client address")

    def handle(self, *args, **options):
        username, address = options["username"], options["address"]
        if not username and not address:
            raise CommandError("Give --username, --address or both.")
        count = unlock(username=username, address=address, by="unlock_staff_login")
        self.emit(
            options,
            {
                **({"username": username} if username else {}),
                **({"address": address} if address else {}),
                "removedAttempts": count,
            },
            f"Unlocked {username or address}: {count} failed-attempt records removed.",
        )
