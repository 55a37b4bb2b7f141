"""Staff security in the admin: unlocking (an action on axes' failed-attempt records, for
superusers, who may delete them), allowing a user's second-factor enrolment (an action on
users, for those who may change them) and the authenticator devices (listed and deleted, never
shown)."""

from axes.admin import AccessAttemptAdmin
from axes.models import AccessAttempt
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django_otp.plugins.otp_totp.models import TOTPDevice

from security import second_factor
from security.models import SealedTOTPDevice
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


class StaffUserAdmin(UserAdmin):
    actions = ["allow_otp_enrolment"]

    @admin.action(
        description="Allow second-factor enrolment (the user scans a QR code at next login)",
        permissions=["change"],
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


admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), StaffUserAdmin)


# django-otp's TOTP admin shows a device's key and QR code; the devices are sealed ones here
# (security.models), listed without their key: a lost device is deleted and enrolment allowed
# again from the user's page.
admin.site.unregister(TOTPDevice)


@admin.register(SealedTOTPDevice)
class SealedTOTPDeviceAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "confirmed", "created_at", "last_used_at")
    list_filter = ("confirmed",)
    search_fields = ("user__username",)
    fields = ("user", "name", "confirmed", "created_at", "last_used_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
