import pytest

from ledger import keys, services
from ledger.services import calls
from tests.ledger import outcomes
from tests.ledger.fake_provider import FakeProvider


@pytest.fixture
def received():
    """Outcomes handed to tests.ledger.record_outcome during the test."""
    outcomes.clear()
    yield outcomes.RECEIVED
    outcomes.clear()


@pytest.fixture
def fake_provider(provider):
    """`provider`'s ledger registered at a scripted stand-in server, with a known key."""
    key = keys.generate()
    with FakeProvider() as fake:
        services.register_ledger(
            provider_id=provider.id, key=keys.as_jwk(key), require_https=False, **fake.urls()
        )
        fake.key = key
        yield fake


@pytest.fixture
def deliver(django_capture_on_commit_callbacks):
    """Run a request_* function as a caller would, then its on-commit delivery (tests in a
    rolled-back transaction never commit, so the callbacks are run here)."""

    def run(request_fn, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            request_fn(**kwargs)

    return run


@pytest.fixture
def enqueued(monkeypatch):
    """Hold deliveries instead of running them, so a test can step through attempts."""
    queue: list[tuple[str, float | None]] = []
    monkeypatch.setattr(
        calls, "_enqueue", lambda call_id, countdown=None: queue.append((call_id, countdown))
    )
    return queue
