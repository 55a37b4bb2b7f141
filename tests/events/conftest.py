import pytest

from tests.events.receiver import Receiver


@pytest.fixture
def local_webhooks(settings):
    """Let endpoints point at this machine's loopback test servers (outside DEBUG the service
    refuses them unless a host is allowed by name)."""
    settings.WEBHOOK_REQUIRE_HTTPS = False
    settings.WEBHOOK_ALLOWED_HOSTS = ["127.0.0.1"]


@pytest.fixture
def receiver(local_webhooks):
    server = Receiver()
    yield server
    server.close()
