"""The Redis transport with one command client per channel (common.broker), on a redis-server
of the test's own: messages published through it arrive in order, the client is built once
per channel, and publishing carries on after the server restarts."""

import uuid

import pytest
from django.conf import settings
from kombu import Connection, Exchange, Queue

from common.broker import Transport
from tests.reviews.broker import RedisServer

pytestmark = [pytest.mark.redis]


@pytest.fixture
def server():
    server = RedisServer()
    server.start()
    yield server
    server.close()


def _queue() -> Queue:
    name = f"broker-test-{uuid.uuid4().hex}"
    return Queue(name, Exchange(name, type="direct"), routing_key=name)


def _drain(connection: Connection, queue: Queue, count: int) -> list[dict]:
    received = []
    with connection.SimpleQueue(queue) as simple:
        for _ in range(count):
            message = simple.get(timeout=5)
            received.append(message.payload)
            message.ack()
    return received


def test_the_service_publishes_through_it_on_a_redis_url():
    assert settings.CELERY_BROKER_URL.startswith("redis://")
    assert settings.CELERY_BROKER_TRANSPORT == "common.broker:Transport"


def test_messages_arrive_in_order_and_the_channel_builds_one_client(server):
    queue = _queue()
    with Connection(server.url, transport=Transport) as connection:
        channel = connection.default_channel
        producer = connection.Producer(channel)
        for n in range(3):
            producer.publish(
                {"n": n}, exchange=queue.exchange, routing_key=queue.routing_key, declare=[queue]
            )
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
            assert first is second
            # The client stands for the channel's pool: the same connections kombu used.
            assert first.connection_pool is channel.pool
        assert _drain(connection, queue, 3) == [{"n": 0}, {"n": 1}, {"n": 2}]


def test_a_closed_channel_gives_up_its_client(server):
    with Connection(server.url, transport=Transport) as connection:
        channel = connection.channel()
        with channel.conn_or_acquire() as before:
            pass
        channel.close()
        assert channel._command_client is None
        fresh = connection.channel()
        with fresh.conn_or_acquire() as after:
            assert after is not before
        fresh.close()


def test_a_client_passed_in_is_used_as_it_is(server):
    with Connection(server.url, transport=Transport) as connection:
        channel = connection.default_channel
        own = channel._create_client()
        with channel.conn_or_acquire(own) as given:
            assert given is own


def test_publishing_carries_on_after_the_server_restarts(server):
    queue = _queue()
    with Connection(server.url, transport=Transport) as connection:
        producer = connection.Producer(connection.default_channel)
        publish = connection.ensure(producer, producer.publish, max_retries=20, interval_max=1)
        publish({"n": 0}, exchange=queue.exchange, routing_key=queue.routing_key, declare=[queue])
        server.stop()
        server.start()  # an empty server: the message before the restart is gone with it
        # ...and so is the queue's binding, which a worker declares again when it reconnects.
        with Connection(server.url, transport=Transport) as worker:
            queue(worker.default_channel).declare()
        publish({"n": 1}, exchange=queue.exchange, routing_key=queue.routing_key, declare=[queue])
        assert _drain(connection, queue, 1) == [{"n": 1}]
