"""One way for a lower app to call up into a higher one: a named `Hook` the lower app owns and
calls, and the higher app fills from its `AppConfig.ready()` (imports go one way, so the lower
app cannot import its caller-to-be).

A required hook fails closed: calling it while empty raises `HookNotRegistered` (the caller's
transaction rolls back; nothing is silently allowed), and the system check below reports it as
an error, so `manage.py check`, `runserver` and `migrate` stop before serving; the WSGI and
ASGI entry points, which run no checks, call `require_filled` and refuse to start. A hook is made
once, at import of the module that owns it; the owning app imports that module in its own
`ready()`, so the check sees the hook even when the app meant to fill it is not installed.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.core import checks
from django.core.exceptions import ImproperlyConfigured

_HOOKS: dict[str, "Hook"] = {}


class HookNotRegistered(RuntimeError):
    """A required hook was called with nothing registered."""


class Hook:
    def __init__(self, name: str, *, required: bool, filled_by: str, doc: str = ""):
        if name in _HOOKS:
            raise ValueError(f"a hook named {name!r} exists already")
        self.name = name
        self.required = required
        self.filled_by = filled_by  # the app expected to register, for the check's hint
        self.doc = doc
        self._fn: Callable | None = None
        _HOOKS[name] = self

    def __repr__(self) -> str:
        return f"<Hook {self.name}>"

    def register(self, fn: Callable | None) -> None:
        """Install `fn` (a later registration replaces the earlier; None empties the hook)."""
        self._fn = fn

    def current(self) -> Callable | None:
        return self._fn

    def call(self, *args, **kwargs):
        """Run the registered function. An empty required hook raises; an empty optional one
        does nothing and answers None."""
        if self._fn is None:
            if self.required:
                raise HookNotRegistered(
                    f"nothing is registered on the required hook {self.name!r} "
                    f"(expected from {self.filled_by})"
                )
            return None
        return self._fn(*args, **kwargs)

    @contextmanager
    def replaced(self, fn: Callable | None) -> Iterator[None]:
        """`fn` registered for the duration of the block, then whatever was before (tests,
        and the demo seed forcing one decision)."""
        previous = self._fn
        self._fn = fn
        try:
            yield
        finally:
            self._fn = previous


def all_hooks() -> list[Hook]:
    return sorted(_HOOKS.values(), key=lambda hook: hook.name)


@checks.register("hooks")
def check_required_hooks(app_configs=None, **kwargs) -> list[checks.Error]:
    """An error for every required hook nothing registered on."""
    return [
        checks.Error(
            f"The required hook {hook.name!r} has nothing registered.",
            hint=f"Install {hook.filled_by} (it registers the hook in its AppConfig.ready()).",
            obj=hook,
            id="hooks.E001",
        )
        for hook in all_hooks()
        if hook.required and hook.current() is None
    ]


def require_filled() -> None:
    """ImproperlyConfigured naming every empty required hook (for the entry points that serve
    without running the system checks)."""
    errors = check_required_hooks()
    if errors:
        raise ImproperlyConfigured(" ".join(f"{error.msg} {error.hint}" for error in errors))
