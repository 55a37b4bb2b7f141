"""Who works a review, as both queues list and filter it: the assignee filter (me, nobody, a
named analyst) and the assignee's name annotated in the list's one query."""

from django.contrib import admin
from django.db.models import CharField, F, Subquery, Value
from django.db.models.functions import Cast, Coalesce, Concat, NullIf, Trim

from reviews.admin.forms import User, user_label

ME = "me"
UNASSIGNED = "none"


def staff_named(user_id_ref) -> Subquery:
    """The name of the staff user whose ID is `user_id_ref` (full name, else username)."""
    name = Coalesce(
        NullIf(Trim(Concat("first_name", Value(" "), "last_name")), Value("")), F("username")
    )
    staff = User.objects.annotate(id_text=Cast("pk", CharField())).filter(
        id_text=user_id_ref, is_staff=True
    )
    return Subquery(staff.annotate(label=name).values("label")[:1])


class AssigneeFilter(admin.SimpleListFilter):
    """The queue's reviews assigned to me, to nobody, or to a named analyst (those who hold
    any of the queue's reviews)."""

    title = "assignee"
    parameter_name = "assignee"

    def lookups(self, request, model_admin):
        choices = [(ME, "Me"), (UNASSIGNED, "Unassigned")]
        names = {str(user.pk): user_label(user) for user in User.objects.filter(is_staff=True)}
        assigned = (
            model_admin.model.objects.exclude(assignee_user_id="")
            .order_by()
            .values_list("assignee_user_id", flat=True)
            .distinct()[:200]
        )
        others = [
            (value, names.get(value) or f"User ID {value}")
            for value in assigned
            if value != str(request.user.pk)
        ]
        return choices + sorted(others, key=lambda choice: choice[1].lower())

    def queryset(self, request, queryset):
        value = self.value()
        if value == ME:
            return queryset.filter(assignee_user_id=str(request.user.pk))
        if value == UNASSIGNED:
            return queryset.filter(assignee_user_id="")
        if value:
            return queryset.filter(assignee_user_id=value)
        return queryset
