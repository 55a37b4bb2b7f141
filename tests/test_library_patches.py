"""The project's code that leans on a library's internals, each checked against the library it
was written for (docs/decisions/library-patches.md). A test here fails when the library under
a patch changes: another installed version, or the source of a function or attribute the patch
relies on or copies. Then re-read that source against the patch (what the message names),
rerun the patch's own tests, and record the new version and fingerprints here:
`python -m tests.test_library_patches` prints the installed ones.

Fingerprints are of `inspect.getsource`, so an edit of a comment counts as a change: the check
is whether anyone has read the new source, not whether behaviour moved."""

import base64
import hashlib
import importlib
import inspect
from dataclasses import dataclass
from importlib.metadata import version

import pytest


@dataclass(frozen=True)
class Patch:
    where: str  # the project's code that leans on the library
    distribution: str
    checked: str  # the version the patch was checked against
    recheck: str  # what to re-check when the library moves
    relies_on: dict[str, str]  # dotted name -> fingerprint of its source


PATCHES = [
    Patch(
        where="common/compiled.py (CompiledRead)",
        distribution="Django",
        checked="5.2.19",
        recheck="that the compiler still fills klass_info, select, col_count and "
        "annotation_col_map in as_sql; that CompiledRead._run still makes rows as "
        "ModelIterable.__iter__ does (from_db, related populators, annotations, converters); "
        "that the queryset attributes _alias() reads still exist; that as_sql's refusal of "
        "select_for_update outside a transaction is the one _run repeats",
        relies_on={
            "django.db.models.query.ModelIterable.__iter__": "c2a744b8c18e0b4a",
            "django.db.models.query.get_related_populators": "979430eb75b93969",
            "django.db.models.query.RelatedPopulator.__init__": "211f3bd0dfdc3a3b",
            "django.db.models.query.RelatedPopulator.populate": "c939cb628b0376fe",
            "django.db.models.query.QuerySet.__init__": "35d93a4d074deed1",
            "django.db.models.sql.compiler.SQLCompiler.setup_query": "a426aa7c0cfa3024",
            "django.db.models.sql.compiler.SQLCompiler.get_select": "12c5003d7ab4bf35",
            "django.db.models.sql.compiler.SQLCompiler.get_converters": "c6c8c1b71882ee8b",
            "django.db.models.sql.compiler.SQLCompiler.apply_converters": "c034ce3e5090aa2e",
            "django.db.models.sql.compiler.SQLCompiler.as_sql": "0f0b77905ec86137",
        },
    ),
    Patch(
        where="common/branches.py (Branches._union)",
        distribution="Django",
        checked="5.2.19",
        recheck="that Query.build_where still builds a WHERE node from a Q without adding it "
        "to the query, that SQLCompiler.compile turns it into (sql, params) with the "
        "compiler's aliases, that alias_refcount still counts the joins used, and that "
        "as_sql writes a conditional expression's SQL once, as given",
        relies_on={
            "django.db.models.sql.query.Query.__init__": "294734cf62c79b04",
            "django.db.models.sql.query.Query.build_where": "fd9eaebbb866dd33",
            "django.db.models.sql.compiler.SQLCompiler.compile": "4a34446a1be3c1fb",
            "django.db.models.sql.compiler.SQLCompiler.as_sql": "0f0b77905ec86137",
        },
    ),
    Patch(
        where="api/filters.py (ProviderFilterSet's own __init__, filters and queryset)",
        distribution="django-filter",
        checked="26.2",
        recheck="that ProviderFilterSet.__init__ still sets everything BaseFilterSet.__init__ "
        "sets (is_bound, data, queryset, request, form_prefix, then filters bound to the "
        "model and the FilterSet, here on first read), and that form, is_valid and qs read "
        "nothing else of the instance",
        relies_on={
            "django_filters.filterset.BaseFilterSet.__init__": "3584346d75423b6a",
            "django_filters.filterset.BaseFilterSet.form": "70625a0d011a681d",
            "django_filters.filterset.BaseFilterSet.is_valid": "dbae74118b0bf065",
            "django_filters.filterset.BaseFilterSet.qs": "8741382c71e012c8",
            "django_filters.filterset.BaseFilterSet.get_form_class": "4e30577266c430e9",
            "django_filters.filters.Filter.field": "4eb27299690ca016",
        },
    ),
    Patch(
        where="api/filters.py (SharedField: a query form's field not copied per form)",
        distribution="Django",
        checked="5.2.19",
        recheck="that a form still deep-copies its base_fields in BaseForm.__init__ and that "
        "validating (full_clean, _clean_fields, BoundField's value) writes nothing on a "
        "field or its widget, so one field can serve every request's form",
        relies_on={
            "django.forms.fields.Field.__deepcopy__": "3fb64194a15e2cdd",
            "django.forms.forms.BaseForm.__init__": "61425b1d3d2642d7",
            "django.forms.forms.BaseForm.full_clean": "890e316a94318b6b",
            "django.forms.forms.BaseForm._clean_fields": "7e311fac131f0335",
            "django.forms.boundfield.BoundField.initial": "9e884f7c1d09f3aa",
            "django.forms.boundfield.BoundField.data": "715c376650e27b56",
        },
    ),
    Patch(
        where="api/validation.py (one serializer instance per class and thread)",
        distribution="djangorestframework",
        checked="3.18.3",
        recheck="that BaseSerializer.__init__ still sets only instance, initial_data, partial "
        "and _context, that is_valid, validated_data, errors and data keep a body's state in "
        "_validated_data, _errors and _data (api.validation._PER_BODY) and nowhere else, and "
        "that a field reads its context through its root serializer's _context",
        relies_on={
            "rest_framework.serializers.BaseSerializer.__init__": "400f3b01e97bae52",
            "rest_framework.serializers.BaseSerializer.is_valid": "2c42a5d6cbbe1b6c",
            "rest_framework.serializers.BaseSerializer.validated_data": "7893cd97668eca64",
            "rest_framework.serializers.BaseSerializer.errors": "6cbe6832d5d670df",
            "rest_framework.serializers.BaseSerializer.data": "f9c54252ed43dc04",
            "rest_framework.serializers.Serializer.fields": "96006b9bed0aeef1",
            "rest_framework.fields.Field.context": "f6eb01c903c8f061",
            "rest_framework.fields.Field.root": "f9bccdf503b40615",
        },
    ),
    Patch(
        where="security/models.py (SealedTOTPDevice.verify_token, get_throttle_factor)",
        distribution="django-otp",
        checked="1.7.5",
        recheck="that TOTPDevice.verify_token and get_throttle_factor, run on SealedTOTPDevice, "
        "still read only what that model has (bin_key, step, t0, digits, tolerance, drift, "
        "last_t and the throttling and timestamp mixins' methods)",
        relies_on={
            "django_otp.plugins.otp_totp.models.TOTPDevice.verify_token": "833cfb060428860c",
            "django_otp.plugins.otp_totp.models.TOTPDevice.get_throttle_factor": "2c98ce3c29fcbca2",
        },
    ),
    Patch(
        where="common/broker_connection.py (Connection.collect)",
        distribution="kombu",
        checked="5.7.0",
        recheck="whether collect() still detaches the transport (client None) after closing the "
        "channels, and whether a Redis channel used afterwards (closed again with messages held, "
        "or acknowledging a message) still builds its pool from transport.client; if it no "
        "longer fails there, the override can go (tests/ops/test_broker_connection.py says so)",
        relies_on={
            "kombu.connection.Connection.collect": "36d622aa0b69908a",
            "kombu.connection.Connection._do_close_self": "624b2e115799fe74",
            "kombu.connection.Connection._do_close_transport": "3e87de68f6283cf7",
            "kombu.connection.Connection.transport": "f08707ef6cea6d75",
            "kombu.transport.virtual.base.Transport.close_connection": "e16eb2eabe26623d",
            "kombu.transport.virtual.base.Channel.close": "26368e1cadfc4ff9",
            "kombu.transport.redis.Channel.close": "101e9b9cdad44b88",
            "kombu.transport.redis.Channel._connparams": "e9a4295085a8fb90",
            "kombu.transport.redis.QoS.ack": "1bc15a4ddf541af6",
            "kombu.transport.redis.QoS.restore_unacked": "8954efef014d546e",
        },
    ),
    Patch(
        where="common/broker_connection.py (AMQP.Connection, for the worker's consumer)",
        distribution="celery",
        checked="5.7.0",
        recheck="that the app still makes its broker connections from amqp.Connection, and "
        "whether the consumer, on a connection error after connecting, still collects the "
        "connection and then closes it ignoring only connection errors, and a late "
        "acknowledgement still logs only connection errors",
        relies_on={
            "celery.app.base.Celery._connection": "8c73001d4137b7e6",
            "celery.worker.consumer.Consumer.on_connection_error_after_connected": (
                "4f84dbfff329d28f"
            ),
            "celery.worker.request.Request.acknowledge": "60dad9ce9c39f54c",
        },
    ),
    Patch(
        where="common/outbound.py (_Watched._new_conn)",
        distribution="urllib3",
        checked="2.8.0",
        recheck="that HTTPConnection._new_conn still makes the socket and returns it, and that "
        "both connect() methods call it before any byte is sent or any TLS handshake starts "
        "(the deadline's watchdog must hold the socket from then on)",
        relies_on={
            "urllib3.connection.HTTPConnection._new_conn": "83e6a5dd7db98a0a",
            "urllib3.connection.HTTPConnection.connect": "b70c63e7308857b1",
            "urllib3.connection.HTTPSConnection.connect": "2a2e1795406d7f38",
        },
    ),
]


def _resolve(dotted: str):
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for name in parts[split:]:
            obj = inspect.getattr_static(obj, name)
        # A property's getter, a cached property's function (Django's or functools'), a
        # class or static method's function.
        for wrapped in ("fget", "func", "__func__"):
            if not inspect.isfunction(obj) and hasattr(obj, wrapped):
                return getattr(obj, wrapped)
        return obj
    raise ImportError(dotted)


def fingerprint(dotted: str) -> str:
    source = inspect.getsource(_resolve(dotted))
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def _ids(patch: Patch) -> str:
    return patch.where


@pytest.mark.parametrize("patch", PATCHES, ids=_ids)
def test_the_library_is_the_version_the_patch_was_checked_against(patch):
    installed = version(patch.distribution)
    assert installed == patch.checked, (
        f"{patch.where} was checked against {patch.distribution} {patch.checked}, and "
        f"{installed} is installed: re-check {patch.recheck}; then set the version and the "
        "fingerprints in tests/test_library_patches.py"
    )


@pytest.mark.parametrize("patch", PATCHES, ids=_ids)
def test_what_the_patch_relies_on_is_the_source_it_was_checked_against(patch):
    changed = [name for name, expected in patch.relies_on.items() if fingerprint(name) != expected]
    assert not changed, (
        f"{patch.distribution}'s {', '.join(changed)} changed under {patch.where}: re-check "
        f"{patch.recheck}; then record the new fingerprints in tests/test_library_patches.py"
    )


@pytest.mark.django_db
def test_the_otpauth_url_is_django_otps_without_borrowing_its_private_method(settings):
    # security/models.py builds the URL by asking a TOTPDevice holding the key, not through
    # the private method TOTPDevice.config_url reads: the URL an app scans is django-otp's.
    from django.contrib.auth import get_user_model

    from security.models import SealedTOTPDevice

    settings.OTP_TOTP_ISSUER = "Provider: service"
    user = get_user_model().objects.create_user("ana@example.com", password="x")
    device = SealedTOTPDevice.create_for(user, name="phone")
    secret = base64.b32encode(device.bin_key).decode()
    assert device.config_url == (
        "otpauth://totp/Provider%20service%3Aana%40example.com"
        f"?secret={secret}&algorithm=SHA1&digits=6&period=30&issuer=Provider%20service"
    )


if __name__ == "__main__":
    import django

    django.setup()
    for patch in PATCHES:
        print(f"{patch.where}: {patch.distribution} {version(patch.distribution)}")
        for name in patch.relies_on:
            print(f'    "{name}": "{fingerprint(name)}",')
