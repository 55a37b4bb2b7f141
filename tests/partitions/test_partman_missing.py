"""A PostgreSQL server without pg_partman stops the migration with a message naming the
package, before anything is changed."""

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
