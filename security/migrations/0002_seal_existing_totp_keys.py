"""Every authenticator device django-otp kept with its key in hex becomes a sealed one
(security.models), with its settings, drift, last verified step and throttling carried over,
so an enrolled user keeps their app; the hex rows are deleted."""

from binascii import unhexlify

from django.db import migrations

from security.models import seal_key

CARRIED = (
    "user_id",
    "name",
    "confirmed",
    "step",
    "t0",
    "digits",
    "tolerance",
    "drift",
    "last_t",
    "throttling_failure_timestamp",
    "throttling_failure_count",
    "created_at",
    "last_used_at",
)


def seal_existing(apps, schema_editor):
    TOTPDevice = apps.get_model("otp_totp", "TOTPDevice")
    SealedTOTPDevice = apps.get_model("security", "SealedTOTPDevice")
    for device in TOTPDevice.objects.all():
        sealed = SealedTOTPDevice(**{field: getattr(device, field) for field in CARRIED})
        sealed.sealed_key = seal_key(unhexlify(device.key), user_id=device.user_id)
        sealed.save()
        # created_at is auto_now_add: the enrolment's own time, not the migration's.
        SealedTOTPDevice.objects.filter(pk=sealed.pk).update(created_at=device.created_at)
        device.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("security", "0001_sealed_totp_device"),
        ("otp_totp", "0003_add_timestamps"),
    ]

    operations = [migrations.RunPython(seal_existing, migrations.RunPython.noop)]
