#!/usr/bin/env python
import os
import sys
from pathlib import Path

DEMO_ENV = Path(
    os.environ.get("DEMO_ENV_FILE") or Path(__file__).resolve().parent / "var" / "demo.env"
)


def load_demo_env() -> None:
    """On the embedded default (no DATABASE_URL), take what `make run` set (DEBUG, the sandbox
    ledger, the base URL) so staff commands work from any terminal. A variable already set
    wins; a deployment, which sets DATABASE_URL, never reads the file."""
    if "DATABASE_URL" in os.environ or not DEMO_ENV.exists():
        return
    for line in DEMO_ENV.read_text().splitlines():
        name, sep, value = line.partition("=")
        if sep and name.strip() and not name.startswith("#"):
            os.environ.setdefault(name.strip(), value.strip())


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    load_demo_env()
    if sys.argv[1:2] == ["makemigrations"]:
        # Reads the models only: it signs and serves nothing, so it needs no real key.
        os.environ.setdefault("SECRET_KEY", "makemigrations-only")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    # Django defers a settings error and later reports "Models aren't loaded yet"; name the
    # missing setting instead (e.g. SECRET_KEY outside DEBUG).
    try:
        _ = settings.INSTALLED_APPS  # loading settings raises here
    except ImproperlyConfigured as exc:
        sys.exit(f"Configuration error: {exc}")
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
