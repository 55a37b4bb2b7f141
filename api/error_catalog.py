"""Every problem type the service answers with, read from the one error map: the domain
error classes, each carrying its code, status, title and advice. `GET /errors` shows it
(each problem `type` is `{SERVICE_BASE_URL}/errors#<code>`, an anchor on that page)."""

from dataclasses import dataclass

from common.errors import DomainError, InvalidRequest


@dataclass(frozen=True)
class ProblemType:
    code: str
    statuses: tuple[int, ...]
    title: str
    advice: str


def _classes(root=DomainError):
    for sub in root.__subclasses__():
        yield sub
        yield from _classes(sub)


def catalog() -> list[ProblemType]:
    """One entry per code, from the classes that define it (subclasses reusing a parent's
    code add nothing). Sorted by code."""
    found: dict[str, ProblemType] = {}
    for cls in _classes():
        if "code" not in vars(cls) or not cls.code:
            continue
        statuses = {cls.status}
        if cls is InvalidRequest:
            statuses.add(400)  # header and query rules answer 400 under the same code
        found[cls.code] = ProblemType(cls.code, tuple(sorted(statuses)), cls.title, cls.advice)
    return sorted(found.values(), key=lambda problem: problem.code)
