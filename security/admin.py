"""Staff security in the admin: unlocking (an action on axes' failed-attempt records, for
superusers, who may delete them); users and groups, whose privileges (is_staff, is_superuser,
groups, permissions) only superusers change (security.privileges refuses anyone else's change
whatever the form posted, and records every change); allowing a user's second-factor enrolment
and deleting authenticator devices (superusers; devices are listed, never shown); and the trail
of staff privilege changes."""

from axes.admin import AccessAttemptAdmin
from axes.models import AccessAttempt
from django.contrib import admin, messages
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, User
from django_otp.plugins.otp_static.admin import StaticDeviceAdmin
from django_otp.plugins.otp_static.models import StaticDevice
from django_otp.plugins.otp_totp.models import TOTPDevice

from common.admin import SUBJECT_TRAIL_FIELDS, ChangeTrailAdmin
from security import privileges, second_factor
from security.models import SealedTOTPDevice, StaffChange
from security.unlock import unlock_attempts


class UnlockingAccessAttemptAdmin(AccessAttemptAdmin):
    actions = ["unlock"]

    @admin.action(description="Unlock the selected usernames and addresses", permissions=["delete"])
    def unlock(self, request, queryset):
        count = unlock_attempts(queryset, by=request.user.get_username())
        self.message_user(
            request, f"Unlocked: {count} failed-attempt records removed.", messages.SUCCESS
        )


admin.site.unregister(AccessAttempt)
admin.site.register(AccessAttempt, UnlockingAccessAttemptAdmin)


class SuperuserOnly:
    """Adding, changing and deleting for superusers; others with the view permission look."""

    def has_superuser_permission(self, request) -> bool:
        return privileges.may_change(request.user)

    def has_add_permission(self, request) -> bool:
        return self.has_superuser_permission(request) and super().has_add_permission(request)

    def has_change_permission(self, request, obj=None) -> bool:
        allowed = super().has_change_permission(request, obj)
        return allowed and self.has_superuser_permission(request)

    def has_delete_permission(self, request, obj=None) -> bool:
        allowed = super().has_delete_permission(request, obj)
        return allowed and self.has_superuser_permission(request)


PRIVILEGE_FIELDS = ("is_staff", "is_superuser", "groups", "user_permissions")


class StaffUserAdmin(UserAdmin):
    actions = ["allow_otp_enrolment"]

    def has_superuser_permission(self, request) -> bool:
        return privileges.may_change(request.user)

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if self.has_superuser_permission(request):
            return fields
        return (*fields, *PRIVILEGE_FIELDS)  # shown, not posted: not in the form at all

    def has_change_permission(self, request, obj=None) -> bool:
        # A superuser's account (its password included) is changed by superusers only.
        if obj is not None and obj.is_superuser and not self.has_superuser_permission(request):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        if obj is not None and obj.is_superuser and not self.has_superuser_permission(request):
            return False
        return super().has_delete_permission(request, obj)

    @admin.action(
        description="Allow second-factor enrolment (the user scans a QR code at next login)",
        permissions=["superuser"],
    )
    def allow_otp_enrolment(self, request, queryset):
        for user in queryset:
            second_factor.allow_enrolment(user, by=request.user.get_username())
        hours = max(1, second_factor.enrolment_window_seconds() // 3600)
        self.message_user(
            request,
            f"Enrolment allowed for {queryset.count()} user(s), for {hours} hour(s).",
            messages.SUCCESS,
        )


class StaffGroupAdmin(SuperuserOnly, GroupAdmin):
    pass


class BackupCodesAdmin(SuperuserOnly, StaticDeviceAdmin):
    """django-otp's backup-code devices (their codes are kept hashed, security.second_factor)."""


for model, model_admin in (
    (User, StaffUserAdmin),
    (Group, StaffGroupAdmin),
    (StaticDevice, BackupCodesAdmin),
):
    admin.site.unregister(model)
    admin.site.register(model, model_admin)


@admin.register(StaffChange)
class StaffChangeAdmin(ChangeTrailAdmin):
    list_display = ("created_on", "kind", "action", "label", "actor_display_name", "actor_kind")
    list_filter = ("kind", "action", "actor_kind")
    search_fields = ("=subject", "label", "actor_display_name")
    date_hierarchy = "created_on"
    fields = (*SUBJECT_TRAIL_FIELDS, "values")
    readonly_fields = fields


# django-otp's TOTP admin shows a device's key and QR code; the devices are sealed ones here
# (security.models), listed without their key: a lost device is deleted and enrolment allowed
# again from the user's page.
admin.site.unregister(TOTPDevice)


@admin.register(SealedTOTPDevice)
class SealedTOTPDeviceAdmin(SuperuserOnly, admin.ModelAdmin):
    list_display = ("user", "name", "confirmed", "created_at", "last_used_at")
    list_filter = ("confirmed",)
    search_fields = ("user__username",)
    fields = ("user", "name", "confirmed", "created_at", "last_used_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
