"""Admin bases for records that only the services write: staff may look, never edit."""

from django.contrib import admin


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


# The service has no public site: the admin's "View site" link would open a JSON 404.
admin.site.site_url = None
