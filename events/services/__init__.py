"""Every write on events and webhook endpoints, one module per job:

- `outbox`: `record` (called by the domain services inside their change's transaction), the
  deliveries a worker writes for it (`dispatch`), their hand-over to the workers, and the
  sweeper that hands over what was not picked up;
- `endpoints`: a provider's webhook endpoints (create, delete, rotate the signing secret,
  disable, enable);
- `endpoint_changes`: a provider's own changes to an endpoint (URL, types, description, on
  or off), checked as at registration;
- `redelivery`: a test event, one event again, every event since a moment.

Callers keep using `events.services.X`: the public names are re-exported here.
"""

from events.services.endpoints import (
    create_endpoint,
    delete_endpoint,
    disable_endpoint,
    enable_endpoint,
    rotate_secret,
    signing_secrets,
)
from events.services.outbox import (
    dispatch,
    enqueue,
    enqueue_dispatch,
    fan_out,
    record,
    record_each,
    sweep,
)
from events.services.redelivery import redeliver_event, redeliver_since, send_test

__all__ = [
    "create_endpoint",
    "delete_endpoint",
    "disable_endpoint",
    "dispatch",
    "enable_endpoint",
    "enqueue",
    "enqueue_dispatch",
    "fan_out",
    "record",
    "record_each",
    "redeliver_event",
    "redeliver_since",
    "rotate_secret",
    "send_test",
    "signing_secrets",
    "sweep",
]
