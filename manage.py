#!/usr/bin/env python
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
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
