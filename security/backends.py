"""The one authentication backend: axes' lockout check, then Django's ModelBackend.

axes' own AxesBackend only checks (it answers None when the login may go on), so it needs
ModelBackend listed after it; two backends would make every `User.objects.with_perm` call
name one. This keeps a single backend that does both (a subclass of axes' backend, which
axes' system check looks for)."""

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.backends import ModelBackend


class LockoutModelBackend(AxesStandaloneBackend, ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        # Raises PermissionDenied (Django's authenticate stops there) while locked out.
        AxesStandaloneBackend.authenticate(
            self, request, username=username, password=password, **kwargs
        )
        return ModelBackend.authenticate(
            self, request, username=username, password=password, **kwargs
        )
