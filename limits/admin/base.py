"""What the send-limit screens share: the staff user acting, ceilings as text, the row a
service wrote, and a filter on whether a row's end date is set."""

from django.contrib import admin
from django.utils.html import format_html_join

from common.actors import Actor
from limits import dimensions

D = dimensions.DIMENSIONS
CEILING_FIELDS = tuple(d.field for d in D)


def actor_of(request) -> Actor:
    return Actor.user(request.user)


def ceilings_html(values: dict[str, int | None]) -> str:
    shown = [
        (d.label, dimensions.display(d, values[d.name])) for d in D if values[d.name] is not None
    ]
    if not shown:
        return "—"
    return format_html_join(", ", "{}: {}", shown)


def adopt(obj, saved) -> None:
    """Point the admin's unsaved instance at the row the service wrote (for messages, log)."""
    obj.pk = saved.pk
    obj.refresh_from_db()


class DateSetFilter(admin.SimpleListFilter):
    """Rows whose `field` date is unset (still live or active) or set (deleted, ended)."""

    field = ""
    unset = ("no", "Active")
    is_set = ("yes", "Ended")

    def lookups(self, request, model_admin):
        return [self.unset, self.is_set]

    def queryset(self, request, queryset):
        if self.value() in (self.unset[0], self.is_set[0]):
            return queryset.filter(**{f"{self.field}__isnull": self.value() == self.unset[0]})
        return queryset
