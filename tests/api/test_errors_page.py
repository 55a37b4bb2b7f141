"""GET /errors: every problem type of the error map, each an anchor the problem `type` URIs
point at, with its status, title and what a client should do."""

import json
import os
import subprocess
import sys
from pathlib import Path

from api.error_catalog import catalog
from common.errors import DomainError

ROOT = Path(__file__).resolve().parents[2]


def _codes_in_the_map() -> set[str]:
    def walk(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from walk(sub)

    return {cls.code for cls in walk(DomainError) if cls.code}


def test_the_page_lists_every_code_of_the_error_map(client):
    response = client.get("/errors")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    codes = _codes_in_the_map()
    assert codes >= {"invalid-request", "state-conflict", "send-limit-exceeded"}
    for code in codes:
        assert f'id="{code}"' in page


def test_every_entry_says_what_to_do(client):
    listed = client.get("/errors", HTTP_ACCEPT="application/json").json()["problemTypes"]
    assert {entry["code"] for entry in listed} == _codes_in_the_map()
    for entry in listed:
        assert entry["advice"] and entry["title"] and entry["statuses"]
    assert [p.code for p in catalog()] == sorted(p.code for p in catalog())


def test_problem_types_point_into_the_page(provider, settings):
    settings.SERVICE_BASE_URL = "http://127.0.0.1:8311"
    response = provider.client.get(provider.url("/payments?cursor=forged"))
    assert response.json()["type"] == "http://127.0.0.1:8311/errors#invalid-cursor"


def test_the_schema_server_follows_the_base_url():
    """What `make run` does with PORT=8311: SERVICE_BASE_URL from HOST and PORT, and the
    schema (Swagger UI's "Try it out") names that server."""
    env = {
        **os.environ,
        "SERVICE_BASE_URL": "http://127.0.0.1:8311",
        "SECRET_KEY": "test-only-secret-key",
        "DEBUG": "0",
    }
    out = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--format", "openapi-json"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["servers"] == [{"url": "http://127.0.0.1:8311"}]
