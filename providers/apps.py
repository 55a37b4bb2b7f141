from django.apps import AppConfig


class ProvidersConfig(AppConfig):
    name = "providers"
    verbose_name = "Providers"

    def ready(self):
        from providers import openapi  # noqa: F401  (registers the auth schemes)
