from django.apps import AppConfig


class ParticipantsConfig(AppConfig):
    name = "participants"

    def ready(self):
        # Make the signup risk hook exist in every process, filled or not, so the system
        # check can report it empty (common.hooks).
        from participants import risk  # noqa: F401
