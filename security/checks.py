"""`manage.py check --deploy`: a deployment with the staff second factor turned off is refused
(every staff account acts only after one)."""

from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security, deploy=True)
def second_factor_required(app_configs, **kwargs):
    if settings.STAFF_OTP_REQUIRED:
        return []
    return [
        Error(
            "STAFF_OTP_REQUIRED is off: staff accounts reach the admin with a password alone.",
            hint="Unset STAFF_OTP_REQUIRED (on unless DEBUG) or set it to 1.",
            id="staff.E001",
        )
    ]
