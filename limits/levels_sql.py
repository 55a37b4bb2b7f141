"""What a participant's send limits resolve from, on PostgreSQL in one statement built once
per process: the platform row, the provider's policy, the overrides in force and the live
groups the participant belongs to.

Every payout resolves them. The ORM's four reads (`selectors.levels_for`, which SQLite keeps)
were built and compiled afresh on each call, about 1.4 ms of CPU against some 0.1 ms for
running this text. The text follows the models' own table and column names; each level comes
back as JSON (its ceilings are integers or null) and becomes the model it was read from, so
resolution reads it through the models' own methods.
"""

import json
from datetime import datetime

from common.statements import Statement, quoted_column
from limits import dimensions
from limits.models import (
    LimitGroup,
    LimitGroupMembership,
    LimitOverride,
    PlatformLimits,
    ProviderLimitPolicy,
)


def _platform_fields() -> list[str]:
    fields = [d.field for d in dimensions.DIMENSIONS]
    return ["currency", *(f"default_{f}" for f in fields), *(f"maximum_{f}" for f in fields)]


def _ceiling_fields() -> list[str]:
    return [d.field for d in dimensions.DIMENSIONS]


def _object(model, alias: str, names: list[str]) -> str:
    """A JSON object of the row's `names` (attribute names: the model reads it back)."""
    column = _at(alias, model)
    pairs = ", ".join(f"'{name}', {column(name)}" for name in names)
    return f"jsonb_build_object({pairs})"


def _table(model, alias: str) -> str:
    return f'"{model._meta.db_table}" {alias}'


def _at(alias: str, model):
    """The columns of `model` as the statement's `alias` of its table names them."""
    return lambda name: f"{alias}.{quoted_column(model, name)}"


def _text(connection) -> str:
    p, q = _at("p", PlatformLimits), _at("q", ProviderLimitPolicy)
    o, m, g = _at("o", LimitOverride), _at("m", LimitGroupMembership), _at("g", LimitGroup)
    group = _object(LimitGroup, "g", ["name", *_ceiling_fields()])
    override = f"jsonb_build_array({o('dimension')}, {o('value')}, {o('expires_on')})"
    return (
        f"SELECT (SELECT {_object(PlatformLimits, 'p', _platform_fields())} "
        f"FROM {_table(PlatformLimits, 'p')} WHERE {p('id')} = %(platform)s), "
        f"(SELECT {_object(ProviderLimitPolicy, 'q', _ceiling_fields())} "
        f"FROM {_table(ProviderLimitPolicy, 'q')} WHERE {q('provider')} = %(provider)s), "
        f"(SELECT jsonb_agg({override} ORDER BY {o('id')}) FROM {_table(LimitOverride, 'o')} "
        f"WHERE {o('enrollment')} = %(enrollment)s AND {o('ended_on')} IS NULL "
        f"AND ({o('expires_on')} IS NULL OR {o('expires_on')} > %(at)s)), "
        f"(SELECT jsonb_agg({group} ORDER BY {m('id')}) "
        f"FROM {_table(LimitGroupMembership, 'm')} JOIN {_table(LimitGroup, 'g')} "
        f"ON {g('id')} = {m('group')} "
        f"WHERE {m('enrollment')} = %(enrollment)s AND {m('ended_on')} IS NULL "
        f"AND {g('deleted_on')} IS NULL AND {g('provider')} = %(provider)s)"
    )


LEVELS = Statement(PlatformLimits, _text)
applies = LEVELS.applies


def _model(model, values: dict | None, alias: str):
    """The model with the columns read (the others deferred), or None when there is no row."""
    if values is None:
        return None
    # `from_db` takes a subset of the columns in the model's own order (JSON keeps none).
    names = [field.attname for field in model._meta.concrete_fields if field.attname in values]
    return model.from_db(alias, names, [values[name] for name in names])


def read(*, provider_id: str, enrollment_id: int, at: datetime) -> tuple:
    """(platform row or None, provider policy or None, [(dimension, value, expires_on)] of the
    overrides in force at `at`, [the live groups of the enrollment at its provider])."""
    params = {
        "platform": PlatformLimits.SINGLETON_ID,
        "provider": provider_id,
        "enrollment": enrollment_id,
        "at": at,
    }
    connection = LEVELS.connection()
    # Django has psycopg hand JSON over as text (its JSONField decodes it).
    platform, policy, overrides, groups = (
        json.loads(value) if value is not None else None
        for value in LEVELS.fetchone(params, connection=connection)
    )
    return (
        _model(PlatformLimits, platform, connection.alias),
        _model(ProviderLimitPolicy, policy, connection.alias),
        [
            (dimension, value, datetime.fromisoformat(expires) if expires else None)
            for dimension, value, expires in overrides or []
        ],
        [_model(LimitGroup, values, connection.alias) for values in groups or []],
    )
