"""The broker connection every Celery connection of the service is made of: kombu's, except
that collecting it leaves its channels able to reach Redis again.

When a worker's connection to Redis drops, Celery's consumer collects the connection (kombu's
`Connection.collect`: it closes the channels, then detaches the transport, whose `client`
becomes None) and then closes it. Two things still use a collected channel afterwards, and a
Redis channel builds a new connection pool for them from `transport.client`:

- the close that follows: kombu's Redis channel can fail half-way through the first close (the
  reply of its pending BRPOP raises the connection error before it marks itself closed), so the
  second close closes it again and gives back the messages it still holds;
- the acknowledgement of a task that finishes after the drop (`acks_late`).

With the client gone, both raise an AttributeError, not a connection error: it escapes Celery's
clean-up, or the event loop's acknowledgement, and the worker exits ("Unrecoverable error").
kombu 5.7.0 with Celery 5.7.0, on redis:// and rediss:// alike.

Here the transport keeps its client after collect(): the old channel's second close and a late
acknowledgement reach Redis (a message given back, an acknowledgement recorded) or fail with a
connection error, which kombu and Celery handle (closing ignores it, an acknowledgement is
logged as not made). Installed through Celery's documented `amqp` class argument, whose
`Connection` names the connection class (config/celery.py); guarded in
tests/test_library_patches.py.
"""

from celery.app.amqp import AMQP as CeleryAMQP
from kombu import Connection as KombuConnection


class Connection(KombuConnection):
    def collect(self, socket_timeout=None):
        transport = self.transport
        super().collect(socket_timeout=socket_timeout)
        transport.client = self


class AMQP(CeleryAMQP):
    Connection = Connection
