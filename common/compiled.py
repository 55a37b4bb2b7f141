"""An ORM read compiled once per process and database, then run with each call's values: the
read of common.statements (import it from there; docs/decisions/leaving-the-orm.md).

Building a queryset (`filter`, `select_related`) and compiling it to SQL costs more CPU than
PostgreSQL spends answering a keyed read: 0.3 to 1 ms for the reads on a payout's hot path,
against some 0.05 ms for sending a ready statement. `CompiledRead` keeps the ORM's own
statement and row handling and skips both steps after the first call:

    _OPEN = CompiledRead(
        lambda payout_id: Operation.objects.filter(payment_id=payout_id, status="pending"),
        str,
    )
    operation = _OPEN.first(payout.pk)

The builder is called twice, with two different sample values for each declared value; the
two statements must be the same text, and their parameters differ exactly where the samples
went in, unchanged. Anything else (a value the ORM transforms, such as a `startswith` or an
`icontains` pattern, or one it writes into the text) raises `NotCompilable` at the first call,
so a read that cannot be bound this way fails in its tests instead of running with a stale
value. Rows become model instances as the ORM's `ModelIterable` makes them (converters,
deferred columns, `select_related` parties, annotations).

Only PostgreSQL runs the compiled text; elsewhere each call builds and runs the queryset, so
SQLite behaves exactly as the ORM does.

What it relies on of Django's compiler and queryset is checked against the installed Django by
tests/test_library_patches.py (docs/decisions/library-patches.md).
"""

import threading
from datetime import UTC, datetime, timedelta

from django.db import connections, router
from django.db.models.query import ModelIterable, get_related_populators
from django.db.transaction import TransactionManagementError

from common.db import on_postgresql

_EPOCH = datetime(1901, 2, 3, 4, 5, 6, 7, tzinfo=UTC)


def _sample(kind: type, n: int, side: int):
    """A value of `kind` no real row holds, different for each value `n` and `side`."""
    if kind is str:
        return f"\x1fcompiled-sample-{n}-{side}\x1f"
    if kind is int:
        return -8_171_717_171_717_000 - 2 * n - side
    if kind is datetime:
        return _EPOCH + timedelta(days=2 * n + side, microseconds=n + 1)
    raise TypeError(f"no sample values of {kind}")


class NotCompilable(Exception):
    """The builder's queryset does not take its values as plain parameters."""


class _Compiled:
    """One database's statement, where each call's values go, and how rows become models."""

    def __init__(self, compiler, template: list, slots: list[tuple[int, int]], sql: str):
        self.sql, self.template, self.slots, self.compiler = sql, template, slots, compiler
        klass_info, select = compiler.klass_info, compiler.select
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [column[0].target.attname for column in select[self.start : self.end]]
        self.populators = get_related_populators(klass_info, select, compiler.using)
        self.annotations = dict(compiler.annotation_col_map or {})
        self.converters = compiler.get_converters([s[0] for s in select[: compiler.col_count]])


class CompiledRead:
    def __init__(self, build, *types: type):
        for n, kind in enumerate(types):
            _sample(kind, n, 0)  # a type without samples is refused here, at import
        self._build, self._types = build, types
        self._routing = None  # (model, for_write, hints) of the builder's queryset
        self._local = threading.local()  # each thread's connections are its own

    def all(self, *values) -> list:
        """The builder's queryset with `values`, as model instances."""
        alias, compiled = self._prepared(values)
        if compiled is None:
            return list(self._build(*values).using(alias))
        return self._run(compiled, values, alias)

    def first(self, *values):
        """The first row of the builder's queryset (in its own order), or None."""
        rows = self.all(*values)
        return rows[0] if rows else None

    def get(self, *values):
        """The one row of the builder's queryset (its `.get()`): the model's DoesNotExist
        without a row, MultipleObjectsReturned with several."""
        rows = self.all(*values)
        if len(rows) == 1:
            return rows[0]
        model = self._routing[0]  # known once `all` has run
        if not rows:
            raise model.DoesNotExist(
                f"{model._meta.object_name} matching {values!r} does not exist."
            )
        raise model.MultipleObjectsReturned(
            f"{len(rows)} {model._meta.object_name} rows match {values!r}."
        )

    def count(self, *values) -> int:
        """How many rows the builder's queryset has (its `.count()`)."""
        return self._scalar("SELECT COUNT(*) FROM ({}) AS counted", "count", values)

    def exists(self, *values) -> bool:
        """Whether the builder's queryset has a row (its `.exists()`)."""
        return self._scalar("SELECT EXISTS ({})", "exists", values)

    def _scalar(self, wrapper: str, method: str, values):
        """The compiled statement inside `wrapper`: PostgreSQL plans the subquery as the ORM's
        own `count()` or `exists()`, reading no column the answer does not need."""
        alias, compiled = self._prepared(values)
        if compiled is None:
            return getattr(self._build(*values).using(alias), method)()
        with connections[alias].cursor() as cursor:
            cursor.execute(wrapper.format(compiled.sql), self._params(compiled, values))
            return cursor.fetchone()[0]

    # ---- compiling -------------------------------------------------------------------

    def _prepared(self, values) -> tuple[str, "_Compiled | None"]:
        """(the database for this call, its compiled statement; None off PostgreSQL)."""
        if len(values) != len(self._types) or not all(
            isinstance(value, kind) for value, kind in zip(values, self._types, strict=True)
        ):
            raise TypeError(f"expected values of {self._types}, got {values!r}")
        alias = self._alias()
        if not on_postgresql(alias):
            return alias, None
        return alias, self._compiled(alias)

    def _samples(self, side: int) -> list:
        return [_sample(kind, n, side) for n, kind in enumerate(self._types)]

    def _alias(self) -> str:
        """The database the ORM would send this read to now (the router decides per call)."""
        if self._routing is None:
            queryset = self._build(*self._samples(0))
            if queryset._db is not None:
                raise NotCompilable("the builder must not choose a database (`using`)")
            if (
                queryset._iterable_class is not ModelIterable
                or queryset._prefetch_related_lookups
                or queryset._known_related_objects
            ):
                raise NotCompilable("only model rows, without prefetches, are compiled")
            self._routing = (queryset.model, queryset._for_write, dict(queryset._hints))
        model, for_write, hints = self._routing
        if for_write:
            return router.db_for_write(model, **hints)
        return router.db_for_read(model, **hints)

    def _compiled(self, alias: str) -> _Compiled:
        cache = getattr(self._local, "by_alias", None)
        if cache is None:
            cache = self._local.by_alias = {}
        if alias not in cache:
            cache[alias] = self._compile(alias)
        return cache[alias]

    def _compile(self, alias: str) -> _Compiled:
        built = []
        for side in (0, 1):
            compiler = self._build(*self._samples(side)).query.get_compiler(using=alias)
            sql, params = compiler.as_sql()  # also fills the compiler's select and klass_info
            built.append((compiler, sql, list(params)))
        (compiler, sql, first), (_, other_sql, second) = built
        if sql != other_sql or len(first) != len(second):
            raise NotCompilable("the statement's text depends on the values")
        samples = list(zip(self._samples(0), self._samples(1), strict=True))
        slots = []
        for position, pair in enumerate(zip(first, second, strict=True)):
            if pair[0] == pair[1]:
                continue
            if pair not in samples:
                raise NotCompilable(f"parameter {position} is not one of the values as given")
            slots.append((position, samples.index(pair)))
        if {n for _, n in slots} != set(range(len(self._types))):
            raise NotCompilable("a value does not reach the statement as a parameter")
        return _Compiled(compiler, first, slots, sql)

    # ---- running ---------------------------------------------------------------------

    @staticmethod
    def _params(compiled: _Compiled, values) -> list:
        params = list(compiled.template)
        for position, n in compiled.slots:
            params[position] = values[n]
        return params

    def _run(self, compiled: _Compiled, values, alias: str) -> list:
        params = self._params(compiled, values)
        connection = connections[alias]
        if compiled.compiler.query.select_for_update and connection.get_autocommit():
            # As the ORM's compiler refuses it: a lock outside a transaction ends at once.
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows = cursor.fetchall()
        if compiled.converters:
            rows = compiled.compiler.apply_converters(rows, compiled.converters)
        found = []
        for row in rows:
            obj = compiled.model.from_db(
                alias, compiled.init_list, row[compiled.start : compiled.end]
            )
            for populator in compiled.populators:
                populator.populate(row, obj)
            for name, position in compiled.annotations.items():
                setattr(obj, name, row[position])
            found.append(obj)
        return found
