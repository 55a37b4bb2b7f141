"""The nginx configuration in front of gunicorn (deploy/nginx/), rendered with this service's
settings: its body limit, its static root, the problem documents nginx answers itself.

Two variants share upstream.conf (http context) and proxy.conf (server context):
`production` (provider-service.conf: TLS on 443, http redirected, included by the host's
nginx) and `local` (local.conf: a whole configuration serving plain http on a loopback
address, run by an ordinary user for `make up-prod` and the tests)."""

import json
import os
import pwd
import re
import shutil
from pathlib import Path

from django.conf import settings

from api.problems import problem_body

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "deploy" / "nginx"
SHARED = ("upstream.conf", "proxy.conf")
VARIANTS = {"production": "provider-service.conf", "local": "local.conf"}
# Debian's nginx is in /usr/sbin, off an ordinary user's PATH.
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

HEADER = (
    "# Rendered from deploy/nginx/{name} by `python manage.py render_nginx_conf`: change the\n"
    "# template (or ops/nginx.py) and render again; never edit this file by hand.\n"
)
_TOKEN = re.compile(r"@([A-Z0-9_]+)@")


def problem(status: int, detail: str) -> str:
    """A problem document as nginx returns it: compact JSON inside a single-quoted string."""
    text = json.dumps(problem_body(status, detail=detail), separators=(",", ":"))
    if "'" in text or "\\" in text:
        raise ValueError(f"not safe in a quoted nginx string: {text}")
    return text


def values(**given: str) -> dict[str, str]:
    """The tokens' values: the settings' own, then what the caller gives (paths, names)."""
    limit = settings.REQUEST_MAX_BODY_BYTES
    unavailable = "The service did not answer; try again shortly."
    return {
        "MAX_BODY_BYTES": str(limit),
        "STATIC_ROOT": str(Path(settings.STATIC_ROOT).resolve()),
        "PROBLEM_413": problem(413, f"The request body is larger than {limit} bytes."),
        "PROBLEM_502": problem(502, unavailable),
        "PROBLEM_504": problem(504, unavailable),
        "WORKER_USER": _worker_user(),
        **given,
    }


def _worker_user() -> str:
    """local: a master started by root hands its workers to `nobody`, who cannot write the
    run directory's buffers; they stay the starting user's. Anyone else: nothing to say."""
    if os.geteuid() != 0:
        return "# workers run as the user who starts nginx"
    return f"user {pwd.getpwuid(os.geteuid()).pw_name};"


def render(name: str, tokens: dict[str, str]) -> str:
    text = (TEMPLATE_DIR / name).read_text()

    def value(match: re.Match) -> str:
        if match.group(1) not in tokens:
            raise KeyError(f"deploy/nginx/{name}: no value for @{match.group(1)}@")
        return tokens[match.group(1)]

    return HEADER.format(name=name) + _TOKEN.sub(value, text)


def write(variant: str, out: Path, **given: str) -> Path:
    """Render `variant` and the shared files into `out`; returns its main file's path."""
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    tokens = values(CONF_DIR=str(out), **given)
    for name in (*SHARED, VARIANTS[variant]):
        (out / name).write_text(render(name, tokens))
    return out / VARIANTS[variant]
