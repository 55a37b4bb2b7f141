from django.db import models


class OperationsOverview(models.Model):
    """No table: the admin entry of the operations page (ops/admin.py), so it is listed and
    permissioned like the other staff screens."""

    class Meta:
        managed = False
        verbose_name = "operations overview"
        verbose_name_plural = "operations overview"
        default_permissions = ()

    def __str__(self) -> str:
        return "Operations overview"
