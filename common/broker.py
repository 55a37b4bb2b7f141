"""The Redis broker transport, with one client per channel for its commands.

kombu's Redis channel builds a new `redis.Redis` object for every command it sends outside
its polling loop, a publish included (`Channel.conn_or_acquire`); the connection comes from
the channel's pool either way, but building the object (its table of some 170 response
callbacks) cost about a fifth of a task's publish. Here the channel builds it once and reuses
it: a `redis.Redis` over a pool is safe to share between threads, and its pool notices a fork
and opens new connections in the child. Everything else is kombu's own transport.

Used when the broker URL is `redis://` (settings: `CELERY_BROKER_TRANSPORT`).
"""

from contextlib import contextmanager

from kombu.transport import redis


class Channel(redis.Channel):
    _command_client = None

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


class Transport(redis.Transport):
    Channel = Channel
