"""Render deploy/systemd/ from the Procfile: one unit per process type, and no unit the
Procfile no longer names. With --check, change nothing and fail if the units differ."""

from django.core.management.base import BaseCommand, CommandError

from ops import procfile


class Command(BaseCommand):
    help = "Render deploy/systemd/provider-service-<process>.service from the Procfile."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="Write nothing; exit non-zero if a committed unit differs from the Procfile.",
        )

    def handle(self, *args, check=False, **options):
        rendered = procfile.render_all(procfile.read())
        committed = procfile.committed_units()
        stale = sorted(set(committed) - set(rendered))
        changed = sorted(name for name, text in rendered.items() if committed.get(name) != text)
        if check:
            if stale or changed:
                raise CommandError(
                    "deploy/systemd differs from the Procfile (run render_systemd_units): "
                    + ", ".join(changed + [f"{name} (not in the Procfile)" for name in stale])
                )
            self.stdout.write("deploy/systemd matches the Procfile.")
            return
        procfile.UNIT_DIR.mkdir(parents=True, exist_ok=True)
        for name in changed:
            (procfile.UNIT_DIR / name).write_text(rendered[name])
            self.stdout.write(f"wrote {name}")
        for name in stale:
            (procfile.UNIT_DIR / name).unlink()
            self.stdout.write(f"removed {name}")
