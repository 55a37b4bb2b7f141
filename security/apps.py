from django.apps import AppConfig


class SecurityConfig(AppConfig):
    name = "security"
    verbose_name = "Staff security"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in

        from security import checks, lockout, middleware, privileges  # noqa: F401 (checks)

        lockout.connect()
        privileges.connect()
        user_logged_in.connect(middleware.mark_seen_at_login, dispatch_uid="security.seen")
