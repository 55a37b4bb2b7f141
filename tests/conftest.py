import base64
import ipaddress
import socket

import pytest
from django.conf import settings
from django.db import connection, connections
from rest_framework.test import APIClient

from config.celery import app as celery_app
from ledger.sandbox.handle import SandboxLedger, wire_sandbox_ledger
from ops.nginx import NGINX
from providers import services as provider_services

__all__ = ["SandboxLedger", "wire_sandbox_ledger"]


def is_postgres() -> bool:
    return connection.vendor == "postgresql"


CHROMIUM = "/usr/bin/chromium"


def pytest_collection_modifyitems(config, items):
    import os

    skip_pg = pytest.mark.skip(reason="needs PostgreSQL (set DATABASE_URL)")
    skip_redis = pytest.mark.skip(reason="needs Redis (set REDIS_URL)")
    skip_browser = pytest.mark.skip(reason=f"needs Chromium at {CHROMIUM}")
    skip_nginx = pytest.mark.skip(reason=f"needs nginx at {NGINX} (apt-get install nginx)")
    skip_replica = pytest.mark.skip(
        reason="needs a streaming replica: DATABASE_REPLICA_URL (deploy/dev/replica.sh start)"
    )
    on_pg = os.environ.get("DATABASE_URL", "").startswith(("postgres", "postgresql"))
    # CI installs Chromium (.ci/run): there a missing browser fails the test instead.
    ci = os.environ.get("CI")
    has_browser = os.path.exists(CHROMIUM) or ci
    # CI installs nginx too: there a missing one fails the test instead.
    has_nginx = os.path.exists(NGINX) or ci
    for item in items:
        if "postgres" in item.keywords and not on_pg:
            item.add_marker(skip_pg)
        if "redis" in item.keywords and not os.environ.get("REDIS_URL"):
            item.add_marker(skip_redis)
        if "browser" in item.keywords and not has_browser:
            item.add_marker(skip_browser)
        if item.get_closest_marker("nginx") and not has_nginx:
            item.add_marker(skip_nginx)
        # CI starts a replica for its PostgreSQL run (.ci/run): there a missing one fails the
        # test instead. (A marker, not a keyword: the tests/replica directory is one.)
        needs_replica = item.get_closest_marker("replica") is not None
        if needs_replica and "replica" not in settings.DATABASES and not (ci and on_pg):
            item.add_marker(skip_replica)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """The test databases as pytest-django makes them; then the "replica" alias, a mirror of
    "default" while they were made (tests/settings.py), reads the primary's test database by
    name on the replica's own server, where it arrived by streaming."""
    if "replica" in settings.DATABASES:
        replica = connections["replica"]
        replica.close()
        replica.settings_dict = {
            **settings.DATABASES["replica"],
            "NAME": connections["default"].settings_dict["NAME"],
        }


@pytest.fixture(autouse=True)
def eager_celery():
    """Tasks run in-process unless a test starts a real worker (see tests marked redis)."""
    previous = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = previous


def basic_auth(key_id: str, secret: str) -> str:
    return "Basic " + base64.b64encode(f"{key_id}:{secret}".encode()).decode()


class ProviderContext:
    """A provider with an all-scope API key and an authenticated client."""

    def __init__(self, name: str):
        self.provider, issued = provider_services.create_provider(name=name)
        self.id = self.provider.id
        self.key_id = issued.api_key.id
        self.secret = issued.secret
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=basic_auth(self.key_id, self.secret))

    def url(self, suffix: str = "") -> str:
        return f"/providers/{self.id}{suffix}"

    def client_with_scopes(self, *scopes: str) -> APIClient:
        issued = provider_services.create_api_key(provider=self.provider, scopes=list(scopes))
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=basic_auth(issued.api_key.id, issued.secret))
        return client


@pytest.fixture
def own_broker():
    """A redis-server of the test's own (it can stop and start it), this process publishing
    to it; start workers on `own_broker.url` (tests/reviews/broker.py)."""
    from tests.reviews.broker import RedisServer, celery_publishing_to

    server = RedisServer()
    server.start()
    try:
        with celery_publishing_to(server.url):
            yield server
    finally:
        server.close()


@pytest.fixture
def provider(db) -> ProviderContext:
    return ProviderContext("First Bank")


@pytest.fixture
def other_provider(db) -> ProviderContext:
    return ProviderContext("Second Bank")


@pytest.fixture
def sandbox_ledger(live_server, provider) -> SandboxLedger:
    """The `provider` fixture's ledger wired to the sandbox ledger of the live test server
    (real HTTP, fresh key). Tasks stay eager: a `request_*` call is delivered, retries and all
    (without waiting out the backoff), and its outcome handed to `reply_to` when the caller's
    transaction commits."""
    if not settings.SANDBOX_LEDGER_ENABLED:
        pytest.fail(
            "the sandbox ledger is not mounted: run the tests with SANDBOX_LEDGER_ENABLED=1"
        )
    return wire_sandbox_ledger(provider.id, live_server.url)


_system_getaddrinfo = socket.getaddrinfo


@pytest.fixture(autouse=True)
def no_dns(monkeypatch):
    """Tests never ask a DNS server: IP literals (inet_aton's numeric forms included) and
    localhost resolve as usual, any other name does not resolve. A test that needs a name to
    resolve patches socket.getaddrinfo itself."""

    def offline(host, *args, **kwargs):
        name = host.decode() if isinstance(host, bytes) else host
        if name is None or name.rstrip(".").lower() == "localhost" or _numeric(name):
            return _system_getaddrinfo(host, *args, **kwargs)
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", offline)


def _numeric(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
        return True
    except ValueError:
        pass
    try:
        socket.inet_aton(host)
        return True
    except OSError:
        return False


@pytest.fixture
def raw_servers():
    """Starts loopback servers that misbehave on purpose (tests/common/servers.py)."""
    from tests.common.servers import started

    with started() as start:
        yield start
