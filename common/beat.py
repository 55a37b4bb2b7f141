"""Beat's scheduler: redbeat's, riding out a broker outage instead of exiting.

redbeat keeps the schedule and its lock in Redis and lets any error of a tick end the beat:
a connection refused while Redis restarts, or a lock that can no longer be extended because
a Redis that restarted empty lost it (`LockNotOwnedError`). Its documented `retry_period`
(in `redbeat_redis_options`) retries the schedule's commands only: the lock is taken on the
client it wraps, and an emptied Redis has lost the schedule and the lock alike.

This scheduler, named by Celery's `beat_scheduler` setting, ticks the same way and adds:
- a tick that cannot reach Redis logs it and waits one `beat_max_loop_interval`;
- a beat without the lock (lost with the broker's data, or taken by another beat meanwhile)
  asks for it again at each tick without blocking, and sends nothing until it holds it;
- a schedule the broker lost is installed again from `beat_schedule`, each job keeping the
  last run this beat remembers (a job it never ran is due at once).
"""

import logging

from kombu.exceptions import OperationalError
from redbeat import RedBeatScheduler
from redbeat.schedulers import LUA_EXTEND_TO_SCRIPT, get_redis
from redis.exceptions import LockError, RedisError

logger = logging.getLogger(__name__)

OUTAGE = (RedisError, OperationalError, OSError)


class Scheduler(RedBeatScheduler):
    def __init__(self, *args, **kwargs):
        self._last_runs = {}  # job name -> when this beat last sent it
        self._installed = False
        super().__init__(*args, **kwargs)

    def setup_schedule(self):
        # Called once at start: a beat started while the broker is down installs the schedule
        # at its first tick that reaches it instead of exiting.
        try:
            super().setup_schedule()
        except OUTAGE as exc:
            logger.warning("beat: the broker is unreachable (%s); the schedule waits", exc)
            return
        self._installed = True

    def tick(self, *args, **kwargs):
        try:
            if self.lock_key and not self._holds_lock():
                return self.max_interval
            interval = super().tick(*args, **kwargs)  # extends the lock first: raises if lost
            self._install_if_lost()
            return interval
        except LockError:
            logger.warning("beat: lost the schedule's lock; asking for it again")
            self.lock = None
        except OUTAGE as exc:
            logger.warning("beat: the broker is unreachable (%s); trying again", exc)
        return self.max_interval

    def reserve(self, entry):
        sent = super().reserve(entry)
        self._last_runs[entry.name] = sent.last_run_at
        return sent

    def _holds_lock(self) -> bool:
        if self.lock is not None:
            return True
        client = get_redis(self.app)
        lock = client.lock(self.lock_key, timeout=self.lock_timeout, sleep=self.max_interval)
        # redbeat's extend sets the lock's time left instead of adding to it (as at start).
        lock.lua_extend = client.register_script(LUA_EXTEND_TO_SCRIPT)
        if not lock.acquire(blocking=False):
            return False
        logger.info("beat: acquired the schedule's lock")
        self.lock = lock
        return True

    def _install_if_lost(self) -> None:
        conf = self.app.redbeat_conf
        if self._installed and (not conf.schedule or get_redis(self.app).exists(conf.statics_key)):
            return
        if self._installed:
            logger.warning("beat: the broker lost the schedule; installing it again")
        self.setup_schedule()
        for name, last_run_at in self._last_runs.items():
            if name in conf.schedule:
                key = self.Entry.generate_key(self.app, name)
                self.Entry.from_key(key, app=self.app).reschedule(last_run_at)

    def close(self):
        try:
            super().close()
        except (*OUTAGE, LockError):
            logger.warning("beat: could not release the schedule's lock", exc_info=True)
