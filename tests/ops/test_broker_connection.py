"""The connection a worker's consumer closes when Redis goes away (common.broker_connection):
what Celery's consumer does on a dropped connection (collect it, then close it), run on a
connection shaped as a worker's: its default channel holds a message delivered and not
acknowledged with a BRPOP pending, and a later channel consumes a fanout queue deleted on close
(as remote control's does); against a redis-server of the test's own, then stopped (plain and
TLS).

kombu's own connection raises an AttributeError there, which ends a worker; the service's
closes quietly, and the held message's late acknowledgement fails with a connection error while
Redis is away and is recorded once it is back. When kombu's stops raising, the override in
common/broker_connection.py can go (docs/decisions/library-patches.md)."""

import pytest
from kombu import Connection as KombuConnection
from kombu import Consumer, Exchange, Queue
from kombu.common import ignore_errors

from common.broker_connection import Connection
from tests.reviews.broker import RedisServer

pytestmark = [pytest.mark.redis]

QUEUE = Queue("drop-test", routing_key="drop-test")
# Like remote control's queue: collect() closes this later channel first, which fails (Redis
# is gone) and leaves the default channel to the close that follows.
BROADCAST = Queue("drop-test.pidbox", Exchange("drop-test.pidbox", type="fanout"), auto_delete=True)


def _drain_until_idle(connection) -> None:
    """Every event read (the subscription's reply, the message), until the next read times
    out: the channel's BRPOP then stays pending."""
    for _ in range(20):
        try:
            connection.drain_events(timeout=0.5)
        except TimeoutError:
            return
    raise AssertionError("the connection never went idle")


def _dropped_while_holding_a_message(connection_class, server):
    """A worker's connection after Redis went away, collected and closed as Celery's consumer
    does; the message it held, delivered and not acknowledged."""
    connection = connection_class(server.url, transport_options={"socket_timeout": 5})
    connection.Producer().publish({"n": 1}, routing_key=QUEUE.routing_key, declare=[QUEUE])
    held = []
    consumer = Consumer(connection, [QUEUE], callbacks=[lambda body, message: held.append(message)])
    consumer.qos(prefetch_count=2)  # room for a second message: a BRPOP stays pending
    consumer.consume()
    Consumer(connection.channel(), [BROADCAST]).consume()
    _drain_until_idle(connection)
    assert len(held) == 1
    server.stop()
    # Celery's consumer on a connection error after connecting (Consumer.
    # on_connection_error_after_connected): collect, then close ignoring connection errors.
    connection.collect(socket_timeout=2)
    ignore_errors(connection, connection.close)
    return connection, held[0]


@pytest.fixture(params=[False, True], ids=["redis", "rediss"])
def server(request):
    server = RedisServer(tls=request.param)
    server.start()
    yield server
    server.close()


def test_kombus_own_connection_fails_closing_after_the_drop(server):
    with pytest.raises(AttributeError, match="hostname"):
        _dropped_while_holding_a_message(KombuConnection, server)


def test_the_services_connection_closes_and_acknowledges_after_the_drop(server):
    connection, message = _dropped_while_holding_a_message(Connection, server)
    # A task that finishes while Redis is away: a connection error, which Celery logs.
    with pytest.raises(connection.connection_errors):
        message.ack()
    server.start()
    message.ack()  # one that finishes once Redis is back: recorded
    assert message.acknowledged


def test_celery_makes_every_connection_of_that_class():
    from config.celery import app

    assert type(app.connection_for_read()) is Connection
    assert type(app.connection_for_write()) is Connection
