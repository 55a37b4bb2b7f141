from django.apps import AppConfig


class RiskConfig(AppConfig):
    name = "risk"

    def ready(self):
        # Make the hook the reviews app fills exist in every process (common.hooks).
        from risk import links  # noqa: F401
