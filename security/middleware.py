"""Staff sessions: an idle one ends, the admin asks for the second factor before anything else
(security.second_factor), and what a staff request changes is that user's doing
(security.privileges)."""

import time

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import urlencode

from security import privileges, second_factor

LAST_SEEN = "staff_last_seen"
# The last-seen time is written at most this often (a session save per request otherwise).
RESOLUTION_SECONDS = 30
# Reachable while the second factor is still owed.
OPEN_PATHS = ("/admin/login/", "/admin/logout/", "/admin/second-factor/", "/admin/jsi18n/")


class StaffSessionMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.is_staff:
            if self._expired(request):
                logout(request)
                minutes = max(1, settings.STAFF_SESSION_IDLE_SECONDS // 60)
                messages.info(request, f"Your session ended after {minutes} minutes idle.")
            elif self._owes_second_factor(request, user):
                target = "verify" if second_factor.has_device(user) else "setup"
                url = reverse(f"second-factor-{target}")
                return redirect(f"{url}?{urlencode({'next': request.get_full_path()})}")
        return self.get_response(request)

    @staticmethod
    def _expired(request) -> bool:
        now = int(time.time())
        last_seen = request.session.get(LAST_SEEN)
        if last_seen is not None and now - last_seen > settings.STAFF_SESSION_IDLE_SECONDS:
            return True
        if last_seen is None or now - last_seen >= RESOLUTION_SECONDS:
            request.session[LAST_SEEN] = now
        return False

    @staticmethod
    def _owes_second_factor(request, user) -> bool:
        path = request.path
        if not path.startswith("/admin/") or path.startswith(OPEN_PATHS):
            return False
        return second_factor.required_for(user) and not user.is_verified()


class StaffActorMiddleware:
    """Privilege changes made while serving a signed-in user are checked and recorded as that
    user's."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return self.get_response(request)
        with privileges.acting(user):
            return self.get_response(request)


def mark_seen_at_login(sender, request=None, user=None, **kwargs) -> None:
    """The idle clock starts at login, written with the login's own session save (so the
    first page after it costs no extra session write)."""
    if getattr(user, "is_staff", False) and hasattr(request, "session"):
        request.session[LAST_SEEN] = int(time.time())
