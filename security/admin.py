"""Unlocking from the admin: an action on axes' failed-attempt records (superusers, who may
delete them) that lifts the lockout of their usernames and addresses and logs it."""

from axes.admin import AccessAttemptAdmin
from axes.models import AccessAttempt
from django.contrib import admin, messages

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
