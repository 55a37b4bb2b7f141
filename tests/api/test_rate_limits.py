"""Per-key rate limits over HTTP: a key over a budget gets 429 rate-limited with Retry-After
and the RateLimit fields; another key, and another budget of the same key, go on; a
provider's own budget replaces the setting. The counts are in Redis when REDIS_URL is set
(CI), else in process: these tests run against whichever the settings give."""

from datetime import UTC, datetime

import pytest
import time_machine
from drf_spectacular.generators import SchemaGenerator

from events import services as event_services
from providers.models import Provider

PROBLEM = "application/problem+json"
# 20 s into a window of an hour: every request of a test falls in the same window.
NOW = datetime(2031, 3, 4, 5, 0, 20, tzinfo=UTC)
WINDOW = 3600
HOOK = "https://hooks.example.com/provider"


@pytest.fixture(autouse=True)
def small_budgets(settings):
    settings.RATE_LIMIT_WINDOW_SECONDS = WINDOW
    settings.RATE_LIMIT_READS = 3
    settings.RATE_LIMIT_WRITES = 2
    settings.RATE_LIMIT_WEBHOOK_TESTS = 1
    with time_machine.travel(NOW, tick=False):
        yield


def _read(client, ctx):
    return client.get(ctx.url("/limits/defaults"))


def _token(client, ctx, n: int):
    return client.post(
        ctx.url("/tokens"),
        {"scopes": ["participants.read"], "ttlSeconds": 600},
        format="json",
        HTTP_X_IDEMPOTENCY_KEY=f"token-{n}",
    )


def test_a_key_over_its_read_budget_gets_429_with_retry_after_and_the_ratelimit_fields(
    provider,
):
    answers = [_read(provider.client, provider) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert [a["RateLimit"] for a in answers] == [
        f'"reads";r={left};t={WINDOW - 20}' for left in (2, 1, 0)
    ]
    assert answers[0]["RateLimit-Policy"] == f'"reads";q=3;w={WINDOW}'

    refused = _read(provider.client, provider)
    assert refused.status_code == 429, refused.content
    assert refused["Content-Type"] == PROBLEM
    assert refused["Retry-After"] == str(WINDOW - 20)
    assert refused["RateLimit-Policy"] == f'"reads";q=3;w={WINDOW}'
    assert refused["RateLimit"] == f'"reads";r=0;t={WINDOW - 20}'
    body = refused.json()
    assert body["type"] == "http://127.0.0.1:8000/errors#rate-limited"
    assert body["title"] == "Rate limit exceeded"
    assert body["status"] == 429
    assert body["detail"] == (
        f"This API key sent its 3 reads allowed per {WINDOW} seconds; "
        f"retry after {WINDOW - 20} seconds."
    )
    assert body["instance"] == provider.url("/limits/defaults")


def test_the_window_renews_the_budget(provider):
    for _ in range(4):
        _read(provider.client, provider)
    with time_machine.travel(NOW.timestamp() + WINDOW, tick=False):
        renewed = _read(provider.client, provider)
    assert renewed.status_code == 200
    assert renewed["RateLimit"] == f'"reads";r=2;t={WINDOW - 20}'


def test_another_key_and_another_budget_of_the_same_key_are_unaffected(provider):
    other_key = provider.client_with_scopes("limits.read")
    for _ in range(4):
        _read(provider.client, provider)
    assert _read(provider.client, provider).status_code == 429

    assert _read(other_key, provider).status_code == 200
    write = _token(provider.client, provider, 1)
    assert write.status_code == 201, write.content
    assert write["RateLimit-Policy"] == f'"writes";q=2;w={WINDOW}'
    assert write["RateLimit"] == f'"writes";r=1;t={WINDOW - 20}'


def test_another_provider_is_unaffected(provider, other_provider):
    for _ in range(4):
        _read(provider.client, provider)
    assert _read(other_provider.client, other_provider).status_code == 200


def test_a_token_counts_against_the_key_it_was_narrowed_from(provider):
    token = _token(provider.client, provider, 1).json()["token"]
    for _ in range(3):
        _read(provider.client, provider)
    provider.client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    refused = provider.client.get(provider.url("/participants"))
    assert refused.status_code == 429
    assert refused["RateLimit-Policy"] == f'"reads";q=3;w={WINDOW}'


def test_writes_over_their_budget_are_refused_and_write_nothing(provider):
    assert [_token(provider.client, provider, n).status_code for n in range(2)] == [201, 201]
    refused = _token(provider.client, provider, 2)
    assert refused.status_code == 429
    assert refused.json()["type"].endswith("#rate-limited")
    assert refused["RateLimit"] == f'"writes";r=0;t={WINDOW - 20}'
    assert provider.provider.tokens.count() == 2
    assert _read(provider.client, provider).status_code == 200


def test_webhook_test_sends_have_their_own_budget(provider):
    endpoint, _ = event_services.create_endpoint(provider_id=provider.id, url=HOOK)
    path = provider.url(f"/webhook-endpoints/{endpoint.pk}/tests")
    sent = provider.client.post(path, {}, format="json", HTTP_X_IDEMPOTENCY_KEY="t-1")
    assert sent.status_code == 202
    assert sent["RateLimit-Policy"] == f'"webhook-tests";q=1;w={WINDOW}'
    refused = provider.client.post(path, {}, format="json", HTTP_X_IDEMPOTENCY_KEY="t-2")
    assert refused.status_code == 429
    assert refused["RateLimit"] == f'"webhook-tests";r=0;t={WINDOW - 20}'
    assert endpoint.deliveries.filter(event__type="webhook.test").count() == 1
    # The writes' budget is untouched by the test sends.
    assert _token(provider.client, provider, 1)["RateLimit"] == f'"writes";r=1;t={WINDOW - 20}'


def test_a_providers_own_budget_replaces_the_setting(provider, other_provider):
    Provider.objects.filter(pk=provider.id).update(reads_per_window=5, writes_per_window=1)
    answers = [_read(provider.client, provider) for _ in range(6)]
    assert [a.status_code for a in answers] == [200] * 5 + [429]
    assert answers[0]["RateLimit-Policy"] == f'"reads";q=5;w={WINDOW}'
    assert _token(provider.client, provider, 1).status_code == 201
    assert _token(provider.client, provider, 2).status_code == 429
    # The other provider keeps the settings' budget.
    assert _read(other_provider.client, other_provider)["RateLimit-Policy"] == (
        f'"reads";q=3;w={WINDOW}'
    )


def test_the_schema_documents_429_with_its_headers_on_every_operation():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            refused = operation["responses"].get("429")
            assert refused is not None, f"{method.upper()} {path}"
            assert set(refused["headers"]) == {"Retry-After", "RateLimit-Policy", "RateLimit"}
            assert PROBLEM in refused["content"]


def test_an_unreachable_redis_lets_requests_through_uncounted(provider, settings, caplog):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    settings.RATE_LIMIT_READS = 1
    answers = [_read(provider.client, provider) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert not any(a.has_header("RateLimit") for a in answers)
    # Asked once, then left alone for a while: one warning, not one per request.
    warnings = [r for r in caplog.records if r.name == "api.rate_limits"]
    assert len(warnings) == 1 and "Redis unavailable" in warnings[0].getMessage()
