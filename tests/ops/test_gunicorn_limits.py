"""Behind gunicorn with its production configuration, a single header longer than gunicorn's
old 8190-byte field limit reaches the service: it answers, and over the service's own header
limit the answer is the 431 problem document, not gunicorn's HTML."""

import pytest
import requests

from tests.ops.servers import gunicorn


@pytest.fixture
def server(tmp_path):
    with gunicorn(tmp_path) as base:
        yield base


def test_a_long_header_reaches_the_service_and_an_oversized_one_is_a_problem(server):
    assert requests.get(f"{server}/healthz", headers={"X-Long": "a" * 9000}).status_code == 200
    response = requests.get(f"{server}/healthz", headers={"X-Long": "a" * 17_000})
    assert response.status_code == 431
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["detail"] == "The request headers are larger than 16384 bytes."
