"""Rows partitioned by their parent's time carry a copy of it (common.partitions): a
delivery its event's `created_on`, an attempt its delivery's. The copy is filled before every
insert, by save() and by bulk_create alike, so no writer can forget it."""

from django.db import models


class CopiedKeyManager(models.Manager):
    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for obj in objs:
            obj.copy_partition_key()
        return super().bulk_create(objs, *args, **kwargs)


class CopiedPartitionKey(models.Model):
    """`copied_key` is (this row's field, its parent's relation, the parent's field)."""

    copied_key: tuple[str, str, str]

    objects = CopiedKeyManager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        self.copy_partition_key()
        super().save(*args, **kwargs)

    def copy_partition_key(self) -> None:
        field, parent, source = self.copied_key
        if getattr(self, field) is None:
            setattr(self, field, getattr(getattr(self, parent), source))
