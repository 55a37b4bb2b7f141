"""A model instance from a row a hand-written statement returned (PostgreSQL), converted as
the ORM converts its own rows: for hot statements compiled once per process instead of on
every call."""

from django.db import connection


def model_from_row(model, fields, row):
    """`fields`: the model's fields in the row's column order."""
    values = [
        field.from_db_value(value, None, connection) if hasattr(field, "from_db_value") else value
        for field, value in zip(fields, row, strict=True)
    ]
    return model.from_db(connection.alias, [field.attname for field in fields], values)
