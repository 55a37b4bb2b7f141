from django.apps import AppConfig


class LimitsConfig(AppConfig):
    name = "limits"
