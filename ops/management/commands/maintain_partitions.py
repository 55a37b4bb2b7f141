"""Make the history tables' partitions ahead of time and retire expired ones now (beat does
the same hourly). A no-op on the embedded SQLite, whose tables are not partitioned, except
that expired rows are deleted there as the hourly purges do."""

from common.commands import JsonCommand
from ops import partitions


class Command(JsonCommand):
    help = "Create upcoming partitions of the history tables and drop expired ones."

    def handle(self, *args, **options):
        result = partitions.maintain()
        lines = [f"kept partitions of {len(result['tables'])} table(s)"]
        lines += [f"retired {name}: {count}" for name, count in result["retired"].items()]
        self.emit(options, result, "\n".join(lines))
