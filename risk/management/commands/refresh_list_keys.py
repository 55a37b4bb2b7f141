"""Re-key the risk list entries whose stored match key differs from the one made today: run
after an upgrade of the system's ICU, whose confusables data may map a character anew
(`make migrate` and `make up-prod` run it after `migrate`; it changes nothing when nothing
moved)."""

from common.commands import JsonCommand
from risk.list_keys import refresh
from risk.models import RiskListEntry


class Command(JsonCommand):
    help = "Re-key the risk list entries whose match key is out of date → {changed}."

    def handle(self, *args, **options):
        changed = refresh(RiskListEntry.objects.all())
        self.emit(options, {"changed": changed}, f"{changed} list entries re-keyed.")
