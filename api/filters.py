"""FilterSets for the provider lists: each validates its list's query and describes it to the
schema (drf-spectacular's django-filter support reads the filters), and gives the selector the
values it compiles into the list's statement (the selector, not `FilterSet.qs`, builds the
query: the payment lists' statement and keyset stay as they were).

Errors keep the contract's mapping: a field parses its value with the project's own rules,
which raise the problem to answer (400 for what the contract's status table names, such as an
unrecognised status; 422 `invalid-request` for any other query failure); the first failing
parameter, in the FilterSet's order, is the answer, as it was when the views parsed by hand.

`ProviderFilterSet.__init__` and `SharedField` lean on django-filter's and Django's internals:
tests/test_library_patches.py checks them against the installed versions.
"""

import copy
from functools import cached_property

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema_field

from api.query import parse_datetime_param
from common.errors import BadRequest, DomainError, InvalidRequest


def _problem(exc: DomainError) -> ValidationError:
    """The problem a value raised, carried through the form's validation."""
    return ValidationError(exc.detail or exc.title, code="problem", params={"problem": exc})


class SharedField:
    """A query form's field is shared by every request: it is validated, never rendered, and
    holds nothing of the request, so a form instance takes it as is rather than a deep copy
    of it and its widget (the copy was most of a list's validation cost)."""

    def __deepcopy__(self, memo):
        return self


class ParsedField(SharedField, forms.Field):
    """One query value parsed by `parse` (which raises the problem); `absent` when not sent."""

    def __init__(self, *, parse, absent=None, **kwargs):
        self.parse, self.absent = parse, absent
        super().__init__(**kwargs)

    def clean(self, value):
        if value is None:
            return self.absent
        try:
            return self.parse(value)
        except DomainError as exc:
            raise _problem(exc) from None


class RepeatedChoiceField(SharedField, forms.MultipleChoiceField):
    """A repeatable value from a fixed set: the distinct values in the order sent; `invalid`
    makes the problem for a value outside the set."""

    def __init__(self, *, invalid, **kwargs):
        self.invalid = invalid
        super().__init__(**kwargs)

    def validate(self, value):
        for item in value:
            if not self.valid_value(item):
                raise _problem(self.invalid(item))

    def clean(self, value):
        return tuple(dict.fromkeys(super().clean(value)))


class ParsedListField(ParsedField):
    """Every value of a repeatable parameter, parsed together by `parse` (a list, empty when
    the parameter is not sent)."""

    widget = forms.MultipleHiddenInput

    def clean(self, value):
        return super().clean(list(value or ()))


class ParsedFilter(django_filters.Filter):
    field_class = ParsedField


class ParsedListFilter(django_filters.Filter):
    field_class = ParsedListField


class RepeatedChoiceFilter(django_filters.MultipleChoiceFilter):
    field_class = RepeatedChoiceField


def _described(schema: dict, description: str | None) -> dict:
    # The schema given to drf-spectacular is the parameter's; a description rides in it.
    return {**schema, "description": description} if description else schema


def parsed(schema: dict, parse, *, absent=None, description: str | None = None, repeatable=False):
    """A filter whose value `parse` validates, documented as `schema`; `repeatable`: `parse`
    takes every value sent (the schema still names one)."""
    filter_class = ParsedListFilter if repeatable else ParsedFilter
    return extend_schema_field(_described(schema, description))(
        filter_class(parse=parse, absent=absent)
    )


def repeated_choice(values, invalid, *, description: str | None = None):
    """A repeatable filter over `values`; `invalid(value)` is the problem for another value.
    (drf-spectacular lists the enum sorted.)"""
    schema = _described({"type": "string", "enum": list(values)}, description)
    return extend_schema_field(schema)(
        RepeatedChoiceFilter(choices=[(value, value) for value in values], invalid=invalid)
    )


def stripped(value: str) -> str:
    return value.strip()


class ProviderFilterSet(django_filters.FilterSet):
    """A list's query: `values()` validates it (raising the contract's problem) and returns the
    cleaned values by parameter name.

    Built once per request, so it builds only what validation needs: the form class is made
    once per FilterSet from its declared filters (they do not vary by request), and the
    filters themselves are copied for the instance only if something reads them (django-
    filter's `.qs`; the lists' selectors compile their own statements)."""

    def __init__(self, data=None, queryset=None, *, request=None, prefix=None):
        self.is_bound = data is not None
        self.data = data or QueryDict()
        self._queryset = queryset
        self.request = request
        self.form_prefix = prefix

    @property
    def queryset(self):
        if self._queryset is None:
            self._queryset = self._meta.model._default_manager.all()
        return self._queryset

    @cached_property
    def filters(self):
        filters = copy.deepcopy(self.base_filters)
        for filter_ in filters.values():
            filter_.model, filter_.parent = self.queryset.model, self
        return filters

    @classmethod
    def get_form_class(cls):
        form_class = cls.__dict__.get("_form_class")
        if form_class is None:
            fields = {name: filter_.field for name, filter_ in cls.base_filters.items()}
            form_class = type(f"{cls.__name__}Form", (cls._meta.form,), fields)
            cls._form_class = form_class
        return form_class

    def values(self) -> dict:
        if not self.is_valid():
            for errors in self.form.errors.as_data().values():
                error = errors[0]
                problem = (error.params or {}).get("problem")
                raise problem or InvalidRequest(error.messages[0])
        return self.form.cleaned_data


class CreatedRangeForm(forms.Form):
    """createdFrom (inclusive) before createdTo (exclusive): an empty range is a 400, checked
    when createdTo is cleaned, so it answers before the parameters after it."""

    def clean_createdTo(self):
        created_from = self.cleaned_data.get("createdFrom")
        created_to = self.cleaned_data.get("createdTo")
        if created_from and created_to and created_to <= created_from:
            raise _problem(BadRequest("createdTo must be later than createdFrom."))
        return created_to


def created_range() -> tuple:
    """(createdFrom, createdTo) filters, for a FilterSet whose Meta.form is CreatedRangeForm:
    `createdFrom, createdTo = created_range()` in its body, where they belong in its order."""
    return (
        parsed(
            {"type": "string", "format": "date-time"},
            lambda raw: parse_datetime_param("createdFrom", raw),
            description="≥",
        ),
        parsed(
            {"type": "string", "format": "date-time"},
            lambda raw: parse_datetime_param("createdTo", raw),
            description="<, and later than createdFrom",
        ),
    )


class ProviderFilterBackend(DjangoFilterBackend):
    """The viewset's `filterset_class`: what the schema's query parameters are generated from
    and what `ProviderViewSet.query_filterset` builds."""
