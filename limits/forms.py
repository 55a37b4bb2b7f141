"""Admin forms: ceilings typed as staff think of them (500.00 in the platform currency, or a
whole count) and stored as minor units. Saving goes through limits.services (see the screens
in limits/admin/)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from common.errors import InvalidRequest
from limits import dimensions, selectors, services
from limits.models import (
    LimitGroup,
    LimitGroupMembership,
    LimitOverride,
    PlatformLimits,
    ProviderLimitPolicy,
)
from participants import selectors as participant_selectors
from providers.models import Provider

D = dimensions


class CeilingField(forms.CharField):
    """A ceiling of one dimension: shows minor units as `2500.00`, cleans back to an int
    (None when left blank on a level that may leave the dimension unset)."""

    def __init__(self, dimension: dimensions.Dimension, *, level: str = "", **kwargs):
        self.dimension = dimension
        self.level = level
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def prepare_value(self, value):
        return dimensions.plain(self.dimension, value) if isinstance(value, int) else value

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        try:
            return dimensions.parse(self.dimension, text)
        except ValueError as exc:
            raise ValidationError(str(exc).split(": ", 1)[-1]) from None


class CeilingsForm(forms.ModelForm):
    """Labels carry the unit (the platform currency is a setting, read per form)."""

    blank_help = ""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if isinstance(field, CeilingField):
                d = field.dimension
                unit = dimensions.platform_currency() if d.is_amount else "payouts per UTC day"
                field.label = " ".join(filter(None, [field.level, d.label.lower(), f"({unit})"]))
                field.label = field.label[0].upper() + field.label[1:]
                field.help_text = field.help_text or self.blank_help

    def ceilings(self, prefix: str = "") -> dict[str, int | None]:
        return {d.name: self.cleaned_data.get(prefix + d.field) for d in D.DIMENSIONS}


def _group_name_error(name: str) -> str | None:
    try:
        services.clean_group_name(name)
    except InvalidRequest as exc:
        return exc.detail
    return None


def _default(dimension) -> CeilingField:
    return CeilingField(dimension, level="default", required=True)


def _maximum(dimension) -> CeilingField:
    return CeilingField(dimension, level="maximum", required=True)


class PlatformLimitsForm(CeilingsForm):
    default_per_transaction_amount = _default(D.PER_TRANSACTION_AMOUNT)
    default_daily_amount = _default(D.DAILY_AMOUNT)
    default_weekly_amount = _default(D.WEEKLY_AMOUNT)
    default_monthly_amount = _default(D.MONTHLY_AMOUNT)
    default_daily_send_count = _default(D.DAILY_SEND_COUNT)
    maximum_per_transaction_amount = _maximum(D.PER_TRANSACTION_AMOUNT)
    maximum_daily_amount = _maximum(D.DAILY_AMOUNT)
    maximum_weekly_amount = _maximum(D.WEEKLY_AMOUNT)
    maximum_monthly_amount = _maximum(D.MONTHLY_AMOUNT)
    maximum_daily_send_count = _maximum(D.DAILY_SEND_COUNT)

    class Meta:
        model = PlatformLimits
        fields = [
            *(f"default_{d.field}" for d in D.DIMENSIONS),
            *(f"maximum_{d.field}" for d in D.DIMENSIONS),
        ]

    def clean(self):
        cleaned = super().clean()
        for d in D.DIMENSIONS:
            default, maximum = cleaned.get(f"default_{d.field}"), cleaned.get(f"maximum_{d.field}")
            if default is not None and maximum is not None and default > maximum:
                self.add_error(f"default_{d.field}", "cannot exceed the platform maximum")
        return cleaned


class OptionalCeilingsForm(CeilingsForm):
    """The five dimensions of a level that may leave any of them unset (blank)."""

    per_transaction_amount = CeilingField(D.PER_TRANSACTION_AMOUNT)
    daily_amount = CeilingField(D.DAILY_AMOUNT)
    weekly_amount = CeilingField(D.WEEKLY_AMOUNT)
    monthly_amount = CeilingField(D.MONTHLY_AMOUNT)
    daily_send_count = CeilingField(D.DAILY_SEND_COUNT)


class ProviderLimitPolicyForm(OptionalCeilingsForm):
    blank_help = "Blank: the platform default applies."

    class Meta:
        model = ProviderLimitPolicy
        fields = ["provider", *(d.field for d in D.DIMENSIONS)]


class LimitGroupForm(OptionalCeilingsForm):
    blank_help = "Blank: the group does not set it (the provider or platform level applies)."

    class Meta:
        model = LimitGroup
        fields = ["provider", "name", *(d.field for d in D.DIMENSIONS)]

    def clean(self):
        cleaned = super().clean()
        name = (cleaned.get("name") or "").strip()
        error = _group_name_error(name)
        if error:
            self.add_error("name", error)
            return cleaned
        provider = cleaned.get("provider") or getattr(self.instance, "provider", None)
        if provider is not None and name:
            taken = selectors.live_groups_for(provider.pk).filter(name=name)
            if self.instance.pk:
                taken = taken.exclude(pk=self.instance.pk)
            if taken.exists():
                self.add_error("name", "The provider already has a live group with this name.")
        cleaned["name"] = name
        return cleaned

    def _get_validation_exclusions(self):
        # The live-name rule is checked in clean() (a change form has no provider field, so
        # the model's conditional constraint could not check a rename).
        exclusions = super()._get_validation_exclusions()
        exclusions.add("name")
        return exclusions


class ParticipantRefField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 255)
        kwargs.setdefault("help_text", "participantID (usr_…_user) or the provider's externalID")
        super().__init__(**kwargs)


def _resolve_participant(form: forms.Form, provider_id: str | None) -> None:
    """Put the enrollment named by the `participant` field into cleaned_data["enrollment"]."""
    ref = (form.cleaned_data.get("participant") or "").strip()
    if provider_id is None or not ref:
        return
    enrollment = participant_selectors.find_enrollment(provider_id, ref)
    if enrollment is None:
        form.add_error("participant", "No participant matches within this provider.")
    else:
        form.cleaned_data["enrollment"] = enrollment


class MembershipAddForm(forms.ModelForm):
    participant = ParticipantRefField()

    class Meta:
        model = LimitGroupMembership
        fields = ["group"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "group" in self.fields:  # absent on the read-only view of a membership
            self.fields["group"].queryset = LimitGroup.objects.filter(deleted_on__isnull=True)

    def clean(self):
        cleaned = super().clean()
        group = cleaned.get("group")
        _resolve_participant(self, group.provider_id if group else None)
        return cleaned


class OverrideAddForm(forms.ModelForm):
    provider = forms.ModelChoiceField(queryset=Provider.objects.order_by("name"))
    participant = ParticipantRefField()
    value = forms.CharField(
        max_length=32, help_text="An amount in the platform currency (e.g. 500.00), or a count"
    )

    class Meta:
        model = LimitOverride
        fields = ["dimension", "expires_on", "reason"]
        help_texts = {"expires_on": "Blank: until cleared. The override lapses at this moment."}

    def clean(self):
        cleaned = super().clean()
        provider = cleaned.get("provider")
        _resolve_participant(self, provider.pk if provider else None)
        expires_on = cleaned.get("expires_on")
        if expires_on is not None and expires_on <= timezone.now():
            self.add_error("expires_on", "must be in the future")
        dimension = dimensions.BY_NAME.get(cleaned.get("dimension") or "")
        if dimension is not None and cleaned.get("value") is not None:
            try:
                cleaned["minor"] = dimensions.parse(dimension, cleaned["value"])
            except ValueError as exc:
                self.add_error("value", str(exc).split(": ", 1)[-1])
        return cleaned

    def _post_clean(self):
        pass  # nothing to construct: admin.save_model hands the cleaned values to the service
