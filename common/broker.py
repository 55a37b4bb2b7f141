"""The Redis broker transport: kombu's, with one client per channel for its commands, and
direct exchanges that still route after the broker lost their bindings.

- kombu's Redis channel builds a new `redis.Redis` object for every command it sends outside
  its polling loop, a publish included (`Channel.conn_or_acquire`); the connection comes from
  the channel's pool either way, but building the object (its table of some 170 response
  callbacks) cost about a fifth of a task's publish. Here the channel builds it once and
  reuses it: a `redis.Redis` over a pool is safe to share between threads, and its pool
  notices a fork and opens new connections in the child.
- kombu keeps a direct exchange's bindings in Redis and reads them on every publish: a second
  command beside the publish itself, about a fifth of its CPU. Here a channel keeps what it
  read for `TABLE_SECONDS` (and forgets it when it binds or deletes a queue itself): Celery
  binds each of its queues once, by its own name, and never changes that binding, so a
  binding another process adds reaches this one's publishes within seconds.
- A publisher declares the bindings once per connection. A Redis that restarts empty loses them, and
  until a worker declared its queue again kombu routed every publish to it nowhere: the
  message was dropped. A direct exchange with no bindings left now routes a message
  whose key is the exchange's own name to the queue of that name: the binding Celery declares
  for each of its queues (queue, exchange and routing key alike named), so the message waits
  in the queue its workers read.

Used when the broker URL is `redis://` (settings: `CELERY_BROKER_TRANSPORT`).
"""

from contextlib import contextmanager
from time import monotonic

from kombu.transport import redis

TABLE_SECONDS = 5.0


class Channel(redis.Channel):
    _command_client = None

    def __init__(self, *args, **kwargs):
        self._tables = {}  # exchange -> (read at, its bindings)
        super().__init__(*args, **kwargs)

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        if self._command_client is None:
            self._command_client = self._create_client()
        yield self._command_client

    def close(self):
        self._command_client = None
        super().close()

    def get_table(self, exchange):
        now = monotonic()
        kept = self._tables.get(exchange)
        if kept is not None and now - kept[0] < TABLE_SECONDS:
            return kept[1]
        table = super().get_table(exchange)
        if not table and self.typeof(exchange).type == "direct":
            # Bindings lost with the broker's data: Celery's own, its queue named as the
            # exchange and bound by that name (any other routing key still finds no queue).
            table = [(exchange, "", exchange)]
        self._tables[exchange] = (now, table)
        return table

    def _queue_bind(self, exchange, *args, **kwargs):
        self._tables.pop(exchange, None)
        return super()._queue_bind(exchange, *args, **kwargs)

    def _delete(self, queue, exchange, *args, **kwargs):
        self._tables.pop(exchange, None)
        return super()._delete(queue, exchange, *args, **kwargs)


class Transport(redis.Transport):
    Channel = Channel
