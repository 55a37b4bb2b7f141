"""The broker connection every Celery connection of the service is made of: kombu's, except
that closing a connection whose transport is already gone cannot end a worker.

When a worker's connection to Redis drops, Celery's consumer first collects the connection
(kombu's `Connection.collect`: it closes the channels, then detaches the transport, whose
`client` becomes None) and then closes it. kombu's Redis channel can fail half-way through the
first close: it reads the reply of its pending BRPOP, which raises the connection error, before
it marks itself closed. The second close then closes the same channel again and, when it holds
messages delivered and not yet acknowledged (a task running or being acknowledged), builds a
new connection pool to give them back, from a transport that no longer has a connection: an
AttributeError, not a connection error, so it escapes Celery's clean-up and the worker exits
("Unrecoverable error"). kombu 5.7.0 with Celery 5.7.0, on redis:// and rediss:// alike.

Here that second close ends where it would have raised: the channel's sockets are already
closed, and a transport without a connection can restore nothing. The messages it held stay in
Redis's unacknowledged set, delivered again after the visibility timeout, or were lost with a
Redis that restarted empty (the sweepers hand that work over again). Installed through Celery's
documented `amqp` class argument, whose `Connection` names the connection class
(config/celery.py); guarded in tests/test_library_patches.py.
"""

from celery.app.amqp import AMQP as CeleryAMQP
from kombu import Connection as KombuConnection


def _transport_detached(channel) -> bool:
    return getattr(getattr(channel, "connection", None), "client", None) is None


class Connection(KombuConnection):
    def maybe_close_channel(self, channel):
        try:
            super().maybe_close_channel(channel)
        except AttributeError:
            if not _transport_detached(channel):
                raise


class AMQP(CeleryAMQP):
    Connection = Connection
