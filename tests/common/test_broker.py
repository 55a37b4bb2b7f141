"""The Redis transport of common.broker, on a redis-server of the test's own (`own_broker`):
messages published through it arrive in order, the client is built once per channel, and
publishing carries on after the server restarts empty, a message published after the binding
was lost reaching the queue Celery names by its routing key, and a channel reads an exchange's
bindings once in `TABLE_SECONDS`."""

import uuid

import pytest
from django.conf import settings
from kombu import Connection, Exchange, Queue
from kombu.transport.redis import Channel as KombuChannel
from kombu.transport.redis import Transport as KombuTransport

from common import broker
from common.broker import Transport

pytestmark = [pytest.mark.redis]


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


def test_messages_arrive_in_order_and_the_channel_builds_one_client(own_broker):
    queue = _queue()
    with Connection(own_broker.url, transport=Transport) as connection:
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


def test_a_closed_channel_gives_up_its_client(own_broker):
    with Connection(own_broker.url, transport=Transport) as connection:
        channel = connection.channel()
        with channel.conn_or_acquire() as before:
            pass
        channel.close()
        assert channel._command_client is None
        fresh = connection.channel()
        with fresh.conn_or_acquire() as after:
            assert after is not before
        fresh.close()


def test_a_client_passed_in_is_used_as_it_is(own_broker):
    with Connection(own_broker.url, transport=Transport) as connection:
        channel = connection.default_channel
        own = channel._create_client()
        with channel.conn_or_acquire(own) as given:
            assert given is own


@pytest.mark.parametrize(("transport", "arrives"), [(Transport, True), (KombuTransport, False)])
def test_a_publish_after_the_bindings_were_lost_reaches_its_queue(own_broker, transport, arrives):
    queue = _queue()
    with Connection(own_broker.url, transport=transport) as connection:
        producer = connection.Producer(connection.default_channel)
        publish = connection.ensure(producer, producer.publish, max_retries=20, interval_max=1)
        publish({"n": 0}, exchange=queue.exchange, routing_key=queue.routing_key, declare=[queue])
        own_broker.stop()
        own_broker.start()  # empty: the queue's binding is gone, and the publisher declared it
        publish({"n": 1}, exchange=queue.exchange, routing_key=queue.routing_key, declare=[queue])
        # kombu's own transport finds no binding and routes it nowhere.
        with Connection(own_broker.url, transport=transport) as worker:
            found = worker.default_channel.client.llen(queue.name)
        assert found == (1 if arrives else 0)
        if arrives:
            assert _drain(connection, queue, 1) == [{"n": 1}]


def test_another_routing_key_still_finds_no_queue(own_broker):
    queue = _queue()
    with Connection(own_broker.url, transport=Transport) as connection:
        channel = connection.default_channel
        queue(channel).declare()
        own_broker.stop()
        own_broker.start()
        channel = connection.default_channel
        assert channel.get_table(queue.exchange.name) == [
            (queue.exchange.name, "", queue.exchange.name)
        ]
        assert not channel._lookup(queue.exchange.name, "elsewhere")


def test_a_channel_reads_an_exchange_s_bindings_once_in_table_seconds(own_broker, monkeypatch):
    queue = _queue()
    clock = [1000.0]
    monkeypatch.setattr(broker, "monotonic", lambda: clock[0])
    reads = []
    read = KombuChannel.get_table
    monkeypatch.setattr(KombuChannel, "get_table", lambda self, x: reads.append(x) or read(self, x))
    with Connection(own_broker.url, transport=Transport) as connection:
        producer = connection.Producer(connection.default_channel)
        for n in range(3):
            producer.publish(
                {"n": n}, exchange=queue.exchange, routing_key=queue.routing_key, declare=[queue]
            )
        assert reads == [queue.name]
        clock[0] += broker.TABLE_SECONDS
        producer.publish({"n": 3}, exchange=queue.exchange, routing_key=queue.routing_key)
        assert reads == [queue.name, queue.name]
        assert _drain(connection, queue, 4) == [{"n": n} for n in range(4)]


def test_a_binding_made_elsewhere_is_routed_to_once_the_kept_table_expires(own_broker, monkeypatch):
    first = _queue()
    clock = [1000.0]
    monkeypatch.setattr(broker, "monotonic", lambda: clock[0])
    second = Queue(f"{first.name}-second", first.exchange, routing_key=first.routing_key)
    with Connection(own_broker.url, transport=Transport) as publisher:
        producer = publisher.Producer(publisher.default_channel)
        producer.publish({"n": 0}, exchange=first.exchange, routing_key=first.name, declare=[first])
        with Connection(own_broker.url, transport=Transport) as other:
            second(other.default_channel).declare()
        producer.publish({"n": 1}, exchange=first.exchange, routing_key=first.name)
        clock[0] += broker.TABLE_SECONDS
        producer.publish({"n": 2}, exchange=first.exchange, routing_key=first.name)
        assert _drain(publisher, first, 3) == [{"n": 0}, {"n": 1}, {"n": 2}]
        assert _drain(publisher, second, 1) == [{"n": 2}]


def test_binding_a_queue_on_the_channel_forgets_the_kept_table(own_broker):
    first = _queue()
    second = Queue(f"{first.name}-second", first.exchange, routing_key=first.routing_key)
    with Connection(own_broker.url, transport=Transport) as connection:
        channel = connection.default_channel
        first(channel).declare()
        assert len(channel.get_table(first.exchange.name)) == 1
        second(channel).declare()
        assert len(channel.get_table(first.exchange.name)) == 2
