"""A model instance from a row a hand-written statement returned (PostgreSQL), converted as
the ORM converts its own rows: for hot statements compiled once per process instead of on
every call."""

import re

from django.db import connection


def model_from_row(model, fields, row):
    """`fields`: the model's fields in the row's column order."""
    values = [
        field.from_db_value(value, None, connection) if hasattr(field, "from_db_value") else value
        for field, value in zip(fields, row, strict=True)
    ]
    return model.from_db(connection.alias, [field.attname for field in fields], values)


def cast_type(field, connection) -> str:
    """The SQL type a hand-written statement casts a parameter of `field` to: the column's
    type without its length (`varchar`, not `varchar(255)`). An explicit cast to
    `varchar(255)` cuts a longer value short without a word; the insert's own assignment to
    the column refuses it, as the ORM's insert does."""
    db_type = field.db_type(connection)
    return re.sub(r"\(\d+(,\s*\d+)?\)", "", db_type) if db_type else db_type


def quoted_column(model, attname: str) -> str:
    """The column of `model`'s field `attname`, quoted for a hand-written statement."""
    return f'"{model._meta.get_field(attname).column}"'


def insert_values(instance, fields, connection) -> list:
    """`instance`'s values for `fields`, as the ORM's insert adapts them (the field's
    `pre_save`, then its database preparation)."""
    return [
        field.get_db_prep_save(field.pre_save(instance, add=True), connection) for field in fields
    ]


def insert_columns(instances, fields, connection) -> list[list]:
    """`insert_values` of several rows, one list per field: the arrays an `unnest` reads."""
    return [
        [field.get_db_prep_save(field.pre_save(row, add=True), connection) for row in instances]
        for field in fields
    ]
