"""DRF's throttle for the provider API: one budget per API key and kind of request
(api.rate_limits), and the RateLimit header fields every answer carries.

The header fields follow draft-ietf-httpapi-ratelimit-headers-10 (its syntax is unchanged in
-11): `RateLimit-Policy: "reads";q=10000;w=10` names the budget the request counted against,
its quota and its window in seconds; `RateLimit: "reads";r=9950;t=7` what is left of it and
the seconds until the window ends. A refused request also gets `Retry-After` (the same
seconds) and a `rate-limited` problem document (api.exceptions).
"""

from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import BaseThrottle

from api import rate_limits

POLICY_HEADER = "RateLimit-Policy"
LIMIT_HEADER = "RateLimit"


class KeyRateThrottle(BaseThrottle):
    """Counts the request against its key's budget of its kind. The outcome is left on the
    view (`rate_limit`) for the headers of whatever answer follows, a 429 included."""

    outcome: rate_limits.Outcome | None = None

    def get_cache_key(self, request, view) -> str:
        """The partition counted: the API key (a token narrowed from it shares its budgets;
        one staff issued directly has its own)."""
        principal = request.auth
        return principal.key_id or principal.token_id

    def allow_request(self, request, view) -> bool:
        budget = view.rate_limit_budget(request.method)
        quota = rate_limits.quota(budget, getattr(request.auth, "rate_limits", None))
        self.outcome = rate_limits.consume(budget, self.get_cache_key(request, view), quota)
        view.rate_limit = self.outcome  # None when uncounted: no RateLimit fields then
        return self.outcome is None or self.outcome.allowed

    def wait(self) -> int | None:
        return self.outcome.reset if self.outcome else None


def default_budget(method: str) -> str:
    return rate_limits.READS if method in SAFE_METHODS else rate_limits.WRITES


def headers(outcome: rate_limits.Outcome) -> dict[str, str]:
    name = f'"{outcome.budget}"'
    return {
        POLICY_HEADER: f"{name};q={outcome.quota};w={outcome.window}",
        LIMIT_HEADER: f"{name};r={outcome.remaining};t={outcome.reset}",
    }
