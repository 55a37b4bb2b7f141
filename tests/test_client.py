"""The committed typed client (clients/python/provider_service_client/) is what `make client`
makes from today's schema: a change to the API without `make client` fails here."""

import shutil
import subprocess
import sys
from pathlib import Path

from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[1]
CLIENT = ROOT / "clients" / "python" / "provider_service_client"
GENERATOR = Path(sys.executable).with_name("openapi-python-client")


def _files(root: Path) -> dict[Path, bytes]:
    return {
        path.relative_to(root): path.read_bytes()
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_committed_client_is_generated_from_todays_schema(tmp_path):
    schema = tmp_path / "openapi.json"
    call_command("spectacular", "--format", "openapi-json", "--file", str(schema))
    fresh = tmp_path / "provider_service_client"
    subprocess.run(
        [
            str(GENERATOR if GENERATOR.exists() else shutil.which("openapi-python-client")),
            "generate",
            "--path",
            str(schema),
            "--meta",
            "none",
            "--config",
            str(ROOT / "clients" / "python" / "config.yaml"),
            "--output-path",
            str(fresh),
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    committed, generated = _files(CLIENT), _files(fresh)
    stale = sorted(
        str(path)
        for path in committed.keys() | generated.keys()
        if committed.get(path) != generated.get(path)
    )
    assert not stale, "the client is stale, run `make client`:\n" + "\n".join(stale)
