"""The lock files pin the whole tree with hashes (`make install` installs nothing else), and
agree with pyproject.toml: every exact pin there is the version locked, and the production
lock is the dev lock's subset at the same versions. A dependency added to pyproject.toml
without `make lock` fails here."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_ENTRY = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def _name(raw: str) -> str:
    return re.sub(r"[-_.]+", "-", raw).lower()


def _locked(filename: str) -> dict[str, str]:
    """name → version; each entry must carry at least one sha256 hash."""
    text = (ROOT / filename).read_text()
    entries = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2])
    locked = {}
    for entry in entries:
        match = _ENTRY.match(entry)
        assert match, f"{filename}: not a pinned entry: {entry[:60]!r}"
        assert "--hash=sha256:" in entry, f"{filename}: {match[1]} has no hash"
        locked[_name(match[1])] = match[2]
    return locked


def _pins(requirements: list[str]) -> dict[str, str]:
    pins = {}
    for requirement in requirements:
        name, version = requirement.split("==")
        pins[_name(name.split("[")[0])] = version
    return pins


def test_the_locks_hold_what_pyproject_pins():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = _pins(project["dependencies"])
    everything = {**runtime, **_pins(project["optional-dependencies"]["dev"])}
    production, development = _locked("requirements.lock"), _locked("requirements-dev.lock")
    stale = "pyproject.toml changed since the locks were made: run `make lock`"
    assert {name: production.get(name) for name in runtime} == runtime, stale
    assert {name: development.get(name) for name in everything} == everything, stale
    assert {name: development.get(name) for name in production} == production
