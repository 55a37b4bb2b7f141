"""A PostgreSQL server without pg_partman, or with a version the migrations were not written
for, stops the migration with a message naming what to install, before anything is
partitioned."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from common import partitions


class ServerWithoutPartman:
    """A cursor whose server lists no pg_partman among its available extensions."""

    def __init__(self):
        self.statements: list[str] = []

    def execute(self, sql, params=None):
        self.statements.append(sql)

    def fetchone(self):
        return None


def test_the_migration_says_which_package_to_install():
    cursor = ServerWithoutPartman()
    with pytest.raises(ImproperlyConfigured, match=r"postgresql-<version>-partman"):
        partitions.install_partman(cursor)
    assert not any("CREATE" in sql for sql in cursor.statements)


class ServerWithPartman(ServerWithoutPartman):
    """A cursor whose server has pg_partman at `version`."""

    def __init__(self, version: str):
        super().__init__()
        self.version = version

    def fetchone(self):
        return (self.version,) if "extversion" in self.statements[-1] else (1,)


@pytest.mark.parametrize("version", ["5.0.0", "5.2.4", "4.5.1", "3.2.0"])
def test_a_version_the_migrations_were_not_written_for_is_refused_by_name(version):
    with pytest.raises(ImproperlyConfigured, match=rf"pg_partman {version} is installed.*4\.6"):
        partitions.install_partman(ServerWithPartman(version))


@pytest.mark.parametrize("version", ["4.6.0", "4.7.2", "4.7.4"])
def test_the_supported_versions_pass(version):
    partitions.install_partman(ServerWithPartman(version))


@pytest.mark.postgres
def test_the_server_here_runs_a_supported_version(db):
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'")
        partitions.check_partman_version(cursor.fetchone()[0])
