"""Payouts created per second through the service over a loaded provider (`bench_payments
--insert-rate N`): what the tables' size costs each write.

Each payout goes through `payments.services.create_payout`, the path of the staff command and
the demo, one after another in this process: the sender's row lock, the send limits, the
payout, its entries and event, and the ledger's authorize handed to the queue (a broker when
REDIS_URL is set, run at once otherwise). Every payout has its own sender, a participant
enrolled for the run: the generated participants have sent far beyond any send limit.
"""

import time

from django.conf import settings
from django.utils import timezone

from bench.payment_data import generate_people
from common.actors import Actor
from common.stats import percentile
from payments import services
from providers.models import Provider


def insert_rate(provider: Provider, count: int) -> dict:
    """Create `count` payouts of `provider`, each from a new sender; the rate and the
    per-payout latency (the senders' enrollment is not timed)."""
    prefix = f"rate{timezone.now():%Y%m%d%H%M%S}"
    senders = generate_people(provider, count, prefix)
    samples = []
    started = time.perf_counter()
    for n in range(len(senders)):
        began = time.perf_counter()
        services.create_payout(
            data=services.NewPayout(
                provider_id=provider.id,
                sender=f"{prefix}-{n:05d}",
                recipient_phone="+14155550123",
                amount_minor=100,
                currency=settings.PLATFORM_CURRENCY,
            ),
            actor=Actor.system(),
        )
        samples.append((time.perf_counter() - began) * 1000)
    seconds = time.perf_counter() - started
    return {
        "payouts": count,
        "perSecond": round(count / seconds, 1),
        "p50": round(percentile(samples, 50), 2),
        "p95": round(percentile(samples, 95), 2),
    }
