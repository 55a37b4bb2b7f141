"""Settings for the beats tests/ops/test_beat_lock.py starts: the real schedule with each
interval shortened to between 4 and 15 s (30 s -> 4 s, 1 min -> 8 s, longer -> 15 s), so that
a minute holds several intervals of every job."""

from tests.settings import *  # noqa: F403
from tests.settings import CELERY_BEAT_SCHEDULE as PRODUCTION_SCHEDULE


def shortened(seconds: float) -> float:
    return min(15.0, max(4.0, seconds / 7.5))


CELERY_BEAT_SCHEDULE = {
    name: {**entry, "schedule": shortened(float(entry["schedule"]))}
    for name, entry in PRODUCTION_SCHEDULE.items()
}
