"""Index migrations that do not stop writes on PostgreSQL: `CREATE INDEX CONCURRENTLY` and
`DROP INDEX CONCURRENTLY` there (a plain `CREATE INDEX` holds a lock against every insert,
update and delete of the table until the build ends: minutes on a large table), the plain
`AddIndex` and `RemoveIndex` elsewhere (the embedded SQLite default), so one migration serves
both.

A migration using them sets `atomic = False`: PostgreSQL builds an index concurrently only
outside a transaction. A concurrent build that fails (a deadlock, a cancelled statement)
leaves an INVALID index behind; drop it (`DROP INDEX CONCURRENTLY name`) and migrate again.
Not for partitioned tables: PostgreSQL cannot build their indexes concurrently.
"""

from django.db import migrations

from common.db import on_postgresql


def _concurrently(schema_editor) -> bool:
    return on_postgresql(schema_editor.connection)


class AddIndexConcurrently(migrations.AddIndex):
    """`AddIndex`, built concurrently on PostgreSQL."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if not _concurrently(schema_editor):
            return super().database_forwards(app_label, schema_editor, from_state, to_state)
        model = to_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, model):
            schema_editor.add_index(model, self.index, concurrently=True)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if not _concurrently(schema_editor):
            return super().database_backwards(app_label, schema_editor, from_state, to_state)
        model = from_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, model):
            schema_editor.remove_index(model, self.index, concurrently=True)


class RemoveIndexConcurrently(migrations.RemoveIndex):
    """`RemoveIndex`, dropped concurrently on PostgreSQL."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if not _concurrently(schema_editor):
            return super().database_forwards(app_label, schema_editor, from_state, to_state)
        model = from_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, model):
            index = from_state.models[app_label, self.model_name_lower].get_index_by_name(self.name)
            schema_editor.remove_index(model, index, concurrently=True)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if not _concurrently(schema_editor):
            return super().database_backwards(app_label, schema_editor, from_state, to_state)
        model = to_state.apps.get_model(app_label, self.model_name)
        if self.allow_migrate_model(schema_editor.connection.alias, model):
            index = to_state.models[app_label, self.model_name_lower].get_index_by_name(self.name)
            schema_editor.add_index(model, index, concurrently=True)
