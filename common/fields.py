"""Abstract model pieces reused across apps."""

from django.db import models
from django.utils import timezone

from common.actors import Actor


class ActorColumns(models.Model):
    """Stores a common.actors.Actor in flat columns."""

    actor_kind = models.CharField(
        max_length=16,
        choices=[("user", "user"), ("application", "application"), ("system", "system")],
    )
    actor_user_id = models.CharField(max_length=64, blank=True, default="")
    actor_application_key_id = models.CharField(max_length=64, blank=True, default="")
    actor_calling_account_id = models.CharField(max_length=64, blank=True, default="")
    actor_display_name = models.CharField(max_length=255, blank=True, default="")
    actor_email = models.CharField(max_length=255, blank=True, default="")

    class Meta:
        abstract = True

    @property
    def actor(self) -> Actor:
        return Actor.from_fields(self)

    def set_actor(self, actor: Actor) -> None:
        for name, value in actor.as_fields().items():
            setattr(self, name, value)


class ChangeColumns(ActorColumns):
    """A row of an append-only audit trail: who (the actor columns), when, and the values
    before and after the change (absent on a create and a delete respectively)."""

    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_on = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        abstract = True

    @classmethod
    def record(cls, actor: Actor, **columns):
        """Write one row of the trail, by `actor`."""
        change = cls(**columns)
        change.set_actor(actor)
        change.save()
        return change
