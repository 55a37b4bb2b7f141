"""A bulkhead shared by every process and host: at most so many holders in a compartment at
once (a compartment is whatever one counterparty's work shares, such as one provider's
ledger), kept in Redis so that every worker on every host counts the same slots.

- A slot is held on a lease: one not given back within `Limits.lease` (its holder was killed)
  is free again, so a crashed worker costs a slot for one lease at most.
- A holder that finds no room is put in line (`waiting`, oldest first) and told so; it ends
  its work at once instead of waiting. Whoever gives a slot back hands the free slots to the
  first in line (the slot is theirs from then on: nobody arriving later takes it first), and
  `hand_on` does the same for a compartment whose holders died.
- A compartment whose counterparty is strained (the caller's verdict after an answer: slow,
  timed out or failing; or one of its holders held a slot `slow_after` or longer) gets
  `strained_limit` slots instead of `limit` until it answers well again, or for
  `strained_for` at most without a new verdict.

Times are Redis's own clock, so hosts whose clocks differ still agree on every lease. Each
operation is one script: one round trip, atomic. Every key expires when unused.
"""

from dataclasses import dataclass

HEALTHY = "healthy"
STRAINED = "strained"

# Waiting holders forgotten if nobody touched the line for this long: a line left behind by
# work that no longer exists goes away by itself.
_WAITING_TTL_MS = 24 * 3600 * 1000

_COMMON = """
local held, waiting, strained = KEYS[1], KEYS[2], KEYS[3]
local limit, strained_limit = tonumber(ARGV[1]), tonumber(ARGV[2])
local slow_ms, lease_ms = tonumber(ARGV[3]), tonumber(ARGV[4])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', held, '-inf', now - lease_ms)
local function current_limit()
  if redis.call('EXISTS', strained) == 1 then return strained_limit, 1 end
  local oldest = redis.call('ZRANGE', held, 0, 0, 'WITHSCORES')
  if oldest[2] and now - tonumber(oldest[2]) >= slow_ms then return strained_limit, 1 end
  return limit, 0
end
local function take(holder)
  redis.call('ZADD', held, now, holder)
  redis.call('ZREM', waiting, holder)
  redis.call('PEXPIRE', held, lease_ms)
end
"""

# ARGV[5]: the holder. 1: it holds a slot (taken now, or handed to it while it waited);
# 0: no room, and it was put in line; -1: no room, and it was in line already.
_ENTER = (
    _COMMON
    + """
local holder = ARGV[5]
if redis.call('ZSCORE', held, holder) then
  take(holder)
  return 1
end
if redis.call('ZCARD', held) < current_limit() then
  take(holder)
  return 1
end
local added = redis.call('ZADD', waiting, 'NX', now, holder)
redis.call('PEXPIRE', waiting, tonumber(ARGV[6]))
if added == 1 then return 0 end
return -1
"""
)

# ARGV[5]: the holder giving its slot back ('' for none); ARGV[6]: the verdict ('' for none);
# ARGV[7]: how long a strain mark lasts. Returns {1 when this verdict newly marked the
# compartment strained else 0, the holders handed a slot}.
_LEAVE = (
    _COMMON
    + """
local holder, verdict = ARGV[5], ARGV[6]
if holder ~= '' then redis.call('ZREM', held, holder) end
local marked = 0
if verdict == 'strained' then
  if redis.call('SET', strained, now, 'PX', tonumber(ARGV[7]), 'NX') then
    marked = 1
  else
    redis.call('PEXPIRE', strained, tonumber(ARGV[7]))
  end
elseif verdict == 'healthy' then
  redis.call('DEL', strained)
end
local room = current_limit() - redis.call('ZCARD', held)
local handed = {}
if room > 0 then
  handed = redis.call('ZRANGE', waiting, 0, room - 1)
  for _, next_holder in ipairs(handed) do take(next_holder) end
end
return {marked, handed}
"""
)

# Returns {holders, waiting, the limit now, 1 when strained else 0}.
_STATE = (
    _COMMON
    + """
local current, is_strained = current_limit()
return {redis.call('ZCARD', held), redis.call('ZCARD', waiting), current, is_strained}
"""
)

_KINDS = ("held", "waiting", "strained")


@dataclass(frozen=True)
class Limits:
    limit: int  # holders at once while the counterparty answers well
    strained_limit: int  # holders at once while it is strained
    slow_after: float  # seconds: a slot held this long marks the compartment strained
    lease: float  # seconds: a slot not given back within this is free again
    strained_for: float  # seconds a strain mark lasts without a new verdict

    def args(self) -> list:
        return [
            max(1, self.limit),
            max(1, self.strained_limit),
            round(self.slow_after * 1000),
            round(self.lease * 1000),
        ]


@dataclass(frozen=True)
class Left:
    newly_strained: bool  # this verdict backed the compartment off
    handed: list[str]  # holders in line that now hold a slot: start their work


@dataclass(frozen=True)
class State:
    compartment: str
    holders: int
    waiting: int
    limit: int
    strained: bool


class Bulkhead:
    """Compartments under `prefix` in the Redis of `client` (a `redis.Redis`)."""

    def __init__(self, client, prefix: str):
        self.client = client
        self.prefix = prefix
        self._enter = client.register_script(_ENTER)
        self._leave = client.register_script(_LEAVE)
        self._state = client.register_script(_STATE)

    def _keys(self, compartment: str) -> list[str]:
        return [f"{self.prefix}:{kind}:{compartment}" for kind in _KINDS]

    def enter(self, compartment: str, holder: str, limits: Limits) -> int:
        """1: `holder` holds a slot; 0: no room, it is now in line; -1: it was in line already."""
        keys = self._keys(compartment)
        return int(self._enter(keys, [*limits.args(), holder, _WAITING_TTL_MS]))

    def leave(
        self, compartment: str, holder: str | None, limits: Limits, verdict: str | None = None
    ) -> Left:
        """Give `holder`'s slot back with the verdict on its counterparty's answer (HEALTHY,
        STRAINED or None), and hand the free slots to those in line."""
        strained_ms = round(limits.strained_for * 1000)
        marked, handed = self._leave(
            self._keys(compartment),
            [*limits.args(), holder or "", verdict or "", strained_ms],
        )
        return Left(bool(marked), [_text(h) for h in handed])

    def is_waiting(self, compartment: str, holder: str) -> bool:
        return self.client.zscore(self._keys(compartment)[1], holder) is not None

    def compartments(self) -> list[str]:
        """Every compartment with a slot held, a holder in line or a strain mark."""
        found = set()
        for kind in _KINDS:
            start = len(f"{self.prefix}:{kind}:")
            for key in self.client.scan_iter(match=f"{self.prefix}:{kind}:*", count=500):
                found.add(_text(key)[start:])
        return sorted(found)

    def state(self, compartment: str, limits: Limits) -> State:
        holders, waiting, limit, strained = self._state(self._keys(compartment), limits.args())
        return State(compartment, int(holders), int(waiting), int(limit), bool(strained))

    def hand_on(self, limits: Limits) -> list[str]:
        """Hand the free slots of every compartment to those in line: the slots of holders
        that died lapse, and nobody else gives them back."""
        handed = []
        for compartment in self.compartments():
            handed += self.leave(compartment, None, limits).handed
        return handed


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
