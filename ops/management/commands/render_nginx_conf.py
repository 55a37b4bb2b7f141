"""Render the nginx configuration of deploy/nginx/ with this service's settings (body limit,
static root, problem documents) into a directory: the production site (TLS) or the local
variant (plain http on loopback, run by an ordinary user)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from ops import nginx


class Command(BaseCommand):
    help = "Render deploy/nginx/ for this service's settings into --out."

    def add_arguments(self, parser):
        parser.add_argument("--variant", choices=sorted(nginx.VARIANTS), default="production")
        parser.add_argument("--out", required=True, type=Path, help="Directory to write to.")
        parser.add_argument(
            "--upstream", default="127.0.0.1:8000", help="gunicorn's address (GUNICORN_BIND)."
        )
        parser.add_argument("--server-name", help="production: the service's host name.")
        parser.add_argument("--certificate", help="production: the TLS certificate chain file.")
        parser.add_argument("--certificate-key", help="production: its private key file.")
        parser.add_argument(
            "--access-log",
            help="Where nginx logs requests (default: /var/log/nginx/provider-service.access"
            ".log in production, access.log in the run directory locally).",
        )
        parser.add_argument("--listen", default="127.0.0.1:8000", help="local: host:port.")
        parser.add_argument(
            "--run-dir", type=Path, help="local: pid file and buffers (default: --out)."
        )

    def handle(self, *args, variant, out, upstream, access_log, **options):
        given = {"UPSTREAM": upstream}
        if variant == "production":
            missing = [
                f"--{name.replace('_', '-')}"
                for name in ("server_name", "certificate", "certificate_key")
                if not options[name]
            ]
            if missing:
                raise CommandError(f"the production variant needs {', '.join(missing)}")
            given |= {
                "SERVER_NAME": options["server_name"],
                "TLS_CERTIFICATE": options["certificate"],
                "TLS_CERTIFICATE_KEY": options["certificate_key"],
                "ACCESS_LOG": access_log or "/var/log/nginx/provider-service.access.log",
            }
        else:
            run_dir = (options["run_dir"] or out).resolve()
            run_dir.mkdir(parents=True, exist_ok=True)
            given |= {
                "LISTEN": options["listen"],
                "RUN_DIR": str(run_dir),
                "ACCESS_LOG": access_log or str(run_dir / "access.log"),
            }
        written = nginx.write(variant, out, **given)
        self.stdout.write(f"wrote {written} (with {', '.join(nginx.SHARED)} beside it)")
