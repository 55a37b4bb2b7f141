from django.apps import AppConfig


class SecurityConfig(AppConfig):
    name = "security"
    verbose_name = "Staff security"

    def ready(self):
        from security import lockout

        lockout.connect()
