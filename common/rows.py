"""The row writes of common.statements (import them from there): the ORM's insert, bulk
insert, update of some fields and filtered update of one model, by a text built once per model
and shape on PostgreSQL, each value adapted by its field as the ORM adapts it; and the pieces a
hand-written `Statement` builds with (a model instance from a returned row, converted as the
ORM converts its own rows, the values and columns of an insert, a field's column and cast)."""

import re
from functools import cache

from django.db import DatabaseError, IntegrityError, connection, connections, router, transaction
from django.db.models import Manager, Model

from common.db import on_postgresql
from common.partition_keys import CopiedPartitionKey


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


def save_fields(instance, names) -> None:
    """`instance.save(update_fields=names)` for a row of a hot path: on PostgreSQL by a
    statement built once per model and fields (the ORM compiled the same UPDATE afresh each
    time), each value adapted by its field as the ORM adapts it (`pre_save`, then the
    database's preparation); elsewhere the ORM's own save. As the ORM's, it fails when the row
    is gone, and a failure marks the enclosing atomic block for rollback."""
    model = instance._meta.concrete_model
    using = router.db_for_write(model, instance=instance)
    connection = connections[using]
    if not on_postgresql(connection):
        instance.save(update_fields=list(names))
        return
    names = tuple(names)
    fields = [model._meta.get_field(name) for name in names]
    values = [
        field.get_db_prep_save(field.pre_save(instance, add=False), connection) for field in fields
    ]
    pk = model._meta.pk.get_db_prep_value(instance.pk, connection)
    with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
        by_key = ((model._meta.pk.name, False),)
        cursor.execute(_update_where_statement(model, names, by_key), [*values, pk])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")


@cache
def insert_statement(model, rows: int) -> tuple[str, tuple]:
    """(text, fields given) of a plain insert of `rows` rows of `model`: every concrete column
    but a key the database assigns, no RETURNING (to be part of a larger statement)."""
    meta = model._meta
    fields = tuple(f for f in meta.concrete_fields if not (f.primary_key and f.db_returning))
    names = ", ".join(f'"{field.column}"' for field in fields)
    row = f"({', '.join(['%s'] * len(fields))})"
    values = ", ".join([row] * rows)
    return f'INSERT INTO "{meta.db_table}" ({names}) VALUES {values}', fields


@cache
def _insert_statement(model, rows: int) -> tuple[str, tuple, bool]:
    """(text, fields given, whether the database returns the keys) of an insert of `rows`."""
    text, fields = insert_statement(model, rows)
    returns = len(fields) < len(model._meta.concrete_fields)
    returning = f' RETURNING "{model._meta.pk.column}"' if returns else ""
    return f"{text}{returning}", fields, returns


def _insert(model, instances: list, using: str) -> None:
    connection = connections[using]
    statement, fields, returns = _insert_statement(model, len(instances))
    values = [v for instance in instances for v in insert_values(instance, fields, connection)]
    with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
        cursor.execute(statement, values)
        if returns:  # in the order of the VALUES, as Django's own bulk insert relies on
            for instance, (pk,) in zip(instances, cursor.fetchall(), strict=True):
                instance.pk = pk
    for instance in instances:
        instance._state.adding, instance._state.db = False, using


def _compiled_insert(model, using: str) -> bool:
    return on_postgresql(using) and not model._meta.parents


def insert_row(instance) -> None:
    """`instance.save(force_insert=True)` for a row of a hot path: on PostgreSQL by a
    statement built once per model, the values adapted by the fields as the ORM adapts them;
    elsewhere, for a model with parent tables and for one with a save() of its own, the ORM's
    save. As the ORM's, a failed insert marks the enclosing atomic block for rollback."""
    model = instance._meta.concrete_model
    using = router.db_for_write(model, instance=instance)
    plain_save = Model.save
    if isinstance(instance, CopiedPartitionKey):
        instance.copy_partition_key()  # all that its save() adds
        plain_save = CopiedPartitionKey.save
    own_save = type(instance).save is not plain_save  # it fills in something else
    if not _compiled_insert(model, using) or own_save:
        instance.save(force_insert=True)
        return
    _insert(model, [instance], using)


@cache
def _insert_unless_statement(model, columns: tuple[str, ...]) -> tuple[str, tuple]:
    text, fields = insert_statement(model, 1)
    conflict = ", ".join(quoted_column(model, name) for name in columns)
    pk = model._meta.pk.column
    return f'{text} ON CONFLICT ({conflict}) DO NOTHING RETURNING "{pk}"', fields


def insert_row_unless_taken(instance, columns: tuple[str, ...]) -> bool:
    """`insert_row`, except that a row already holding the same `columns` (a unique
    constraint's) is not an error: returns False and inserts nothing. On PostgreSQL one
    statement (`ON CONFLICT DO NOTHING`), where a savepoint around the insert would cost two
    more; elsewhere the savepoint. Any other constraint fails as `insert_row` does."""
    model = instance._meta.concrete_model
    using = router.db_for_write(model, instance=instance)
    if not _compiled_insert(model, using) or type(instance).save is not Model.save:
        try:
            with transaction.atomic(using=using):
                instance.save(force_insert=True)
        except IntegrityError:
            if (
                model._default_manager.using(using)
                .filter(**{name: getattr(instance, name) for name in columns})
                .exists()
            ):
                return False
            raise
        return True
    connection = connections[using]
    statement, fields = _insert_unless_statement(model, tuple(columns))
    values = insert_values(instance, fields, connection)
    with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
        cursor.execute(statement, values)
        row = cursor.fetchone()
    if row is None:
        return False
    instance.pk = row[0]
    instance._state.adding, instance._state.db = False, using
    return True


def insert_rows(instances) -> None:
    """`bulk_create(instances)` of a few rows of one model on a hot path, by a statement built
    once per model and number of rows on PostgreSQL; elsewhere, and for a model whose manager
    fills something in on bulk_create (a partition key), the manager's bulk_create."""
    instances = list(instances)
    if not instances:
        return
    model = instances[0]._meta.concrete_model
    using = router.db_for_write(model)
    manager = type(model._default_manager)
    own_bulk = manager.bulk_create is not Manager.bulk_create
    if not _compiled_insert(model, using) or own_bulk:
        model._default_manager.bulk_create(instances)
        return
    _insert(model, instances, using)


@cache
def _update_where_statement(model, names: tuple[str, ...], where: tuple) -> str:
    sets = ", ".join(f"{quoted_column(model, name)} = %s" for name in names)
    conditions = " AND ".join(
        f"{quoted_column(model, name)} IS NULL" if is_null else f"{quoted_column(model, name)} = %s"
        for name, is_null in where
    )
    return f'UPDATE "{model._meta.db_table}" SET {sets} WHERE {conditions}'


def update_where(model, values: dict, **where) -> int:
    """`model.objects.filter(**where).update(**values)` for a hot path, `where` by equality
    (None: IS NULL): on PostgreSQL by a statement built once per model and columns, the values
    adapted by their fields; elsewhere the ORM's update. The rows updated."""
    model = model._meta.concrete_model
    using = router.db_for_write(model)
    connection = connections[using]
    if not on_postgresql(connection):
        return model._default_manager.filter(**where).update(**values)
    meta = model._meta
    names = tuple(values)
    params = [meta.get_field(name).get_db_prep_save(values[name], connection) for name in names]
    params += [
        meta.get_field(name).get_db_prep_value(value, connection)
        for name, value in where.items()
        if value is not None
    ]
    shape = tuple((name, value is None) for name, value in where.items())
    with transaction.mark_for_rollback_on_error(using), connection.cursor() as cursor:
        cursor.execute(_update_where_statement(model, names, shape), params)
        return cursor.rowcount
