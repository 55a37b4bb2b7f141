"""Keeping the partitioned history: partitions made ahead of time, expired ones retired.

Partman makes the partitions (`common.partitions.maintain`); each app's purge decides what is
past its window, detaches it, children first (events.retention), and drops what it detached
once that has committed, with any a failed drop left behind. Beat runs both hourly; the
`maintain_partitions` command runs them at once, e.g. after a long stop of beat.
"""

from api import retention as idempotency_retention
from common import partitions
from events import retention as event_retention
from ledger import retention as ledger_retention


def maintain() -> dict:
    return {
        "tables": partitions.maintain(),
        "retired": {
            "events": event_retention.purge_expired_events(),
            "ledger_attempts": ledger_retention.purge_expired_attempts(),
            "idempotency_records": idempotency_retention.purge_expired_keys(),
        },
    }
