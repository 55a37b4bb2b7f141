"""The Procfile declares the production layout once: the systemd units are exactly what it
renders, the README shows its command lines, and every queue a task is routed to has a
worker."""

import pytest
from django.core.management import CommandError, call_command

from config.celery import app as celery_app
from ops import procfile

QUEUES = {"ledger", "reviews", "participants", "webhooks", "sweeps", "backtests"}


@pytest.fixture(scope="module")
def processes():
    return procfile.read()


def _workers(processes):
    return [process for process in processes if process.kind == "worker"]


def test_the_committed_units_are_what_the_procfile_renders(processes):
    assert procfile.committed_units() == procfile.render_all(processes)


def test_render_check_fails_on_a_unit_edited_by_hand_and_on_a_stale_one(tmp_path, monkeypatch):
    for name, text in procfile.render_all(procfile.read()).items():
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(procfile, "UNIT_DIR", tmp_path)
    call_command("render_systemd_units", "--check")

    edited = tmp_path / "provider-service-worker-ledger.service"
    edited.write_text(edited.read_text().replace("-c 4", "-c 8"))
    (tmp_path / "provider-service-worker.service").write_text("[Service]\n")
    with pytest.raises(CommandError) as failure:
        call_command("render_systemd_units", "--check")
    assert "provider-service-worker-ledger.service" in str(failure.value)
    assert "provider-service-worker.service (not in the Procfile)" in str(failure.value)

    call_command("render_systemd_units")
    assert not (tmp_path / "provider-service-worker.service").exists()
    call_command("render_systemd_units", "--check")


def test_a_production_host_runs_web_a_worker_per_queue_and_beat(processes):
    assert [p.kind for p in processes].count("web") == 1
    assert [p.kind for p in processes].count("beat") == 1
    workers = _workers(processes)
    assert {worker.option("-Q") for worker in workers} == QUEUES
    assert len(workers) == len(QUEUES)
    for worker in workers:
        queue = worker.option("-Q")
        assert worker.option("-n") == f"{queue}@%h"  # one node name per queue and host
        assert worker.option("-P") == "prefork"
        assert int(worker.option("-c")) >= 1
        assert worker.option("--loglevel") == "INFO"


def test_systemd_gets_the_node_name_escaped_and_absolute_programs(processes):
    ledger = next(p for p in processes if p.option("-Q") == "ledger")
    unit = procfile.render_unit(ledger)
    # systemd would expand a bare %h to the user's home directory.
    assert "-n ledger@%%h " in unit
    assert "ExecStart=/srv/provider-service/.venv/bin/celery -A config worker " in unit
    assert "KillSignal=SIGTERM\nTimeoutStopSec=60\n" in unit
    web = procfile.render_unit(next(p for p in processes if p.kind == "web"))
    assert "Type=notify\n" in web and "ExecReload=/bin/kill -HUP $MAINPID\n" in web
    # The web starts with the proxy in front of it; nothing else needs it.
    assert "Wants=nginx.service\n" in web and "nginx.service" not in unit


def test_the_readme_shows_every_procfile_command_line(processes):
    readme = (procfile.ROOT / "README.md").read_text()
    for process in processes:
        assert process.command in readme, process.name


def test_every_routed_queue_has_a_worker(processes):
    consumed = {worker.option("-Q") for worker in _workers(processes)}
    celery_app.loader.import_default_modules()  # every app's tasks, as a worker loads them
    for name in sorted(celery_app.tasks):
        if name.startswith(("celery.", "tests.")):  # Celery's own, and the tests' own
            continue
        route = celery_app.amqp.router.route({}, name)
        queue = route["queue"].name if hasattr(route["queue"], "name") else route["queue"]
        assert queue in consumed, f"{name} goes to {queue!r}, which no Procfile worker consumes"


def test_procfile_lines_parse_like_honcho_reads_them():
    text = "# a comment\n\nweb: gunicorn app\nbeat:  celery -A config beat\n"
    assert [(p.name, p.command) for p in procfile.parse(text)] == [
        ("web", "gunicorn app"),
        ("beat", "celery -A config beat"),
    ]
    with pytest.raises(ValueError):
        procfile.parse("web: a\nweb: b\n")
    assert procfile.parse("web: gunicorn -c a.py x")[0].option("-c") == "a.py"
