"""Admin bases for records that only the services write: staff may look, never edit; and for
audit trails, whose rows keep the values before and after each change."""

from django.contrib import admin
from django.utils.html import format_html, format_html_join


class ReadOnlyAdmin(admin.ModelAdmin):
    """Viewable by staff (with the view permission), written only by the services."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    """Rows shown under their parent as they are; none added, changed or removed."""

    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


def shown(value) -> str:
    """A recorded value as a person reads it (a dash for none, a list as its items)."""
    if isinstance(value, list):
        return ", ".join(str(item) for item in value) or "—"
    return "—" if value in (None, "") else str(value)


def differences(change) -> list[tuple[str, object, object]]:
    """(field, before, after) for each field whose value a trail's change set or changed."""
    before, after = change.before or {}, change.after or {}
    return [
        (name, before.get(name), after.get(name))
        for name in sorted({*before, *after})
        if before.get(name) != after.get(name)
    ]


# Who made a change, as a trail's page shows it.
ACTOR_FIELDS = ("actor_kind", "actor_user_id", "actor_display_name", "actor_email")
# The head of a change's page on a trail over several kinds of subject (risk configuration,
# staff privileges).
SUBJECT_TRAIL_FIELDS = ("created_on", "kind", "action", "subject", "label", *ACTOR_FIELDS)


class ChangeTrailAdmin(ReadOnlyAdmin):
    """An audit trail (rows with `before` and `after` values): each change's page shows them
    side by side as `values`."""

    @admin.display(description="values (before → after)")
    def values(self, change) -> str:
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            ((name, shown(old), shown(new)) for name, old, new in differences(change)),
        )
        return format_html(
            "<table><tr><th>field</th><th>before</th><th>after</th></tr>{}</table>", rows
        )


# The service has no public site: the admin's "View site" link would open a JSON 404.
admin.site.site_url = None
