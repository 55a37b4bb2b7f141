"""The queue table (config/queues.py) covers every task, its time limits reach Celery and stay
inside the leases, and each queue's depth and oldest message's age show in /metrics and on
the operations page (read from a real Redis broker)."""

import time

import pytest
import redis
from django.conf import settings
from django.core import checks

from config import queues
from config.celery import app as celery_app
from ops import queues as queue_depths


def _project_tasks() -> set[str]:
    celery_app.loader.import_default_modules()  # every app's tasks module, as a worker does
    return {name for name in celery_app.tasks if not name.startswith(("celery.", "tests."))}


def test_every_task_has_a_queue_and_time_limits_and_nothing_else_is_listed():
    assert _project_tasks() == set(settings.TASK_TABLE)


def test_each_task_gets_its_queue_and_limits_from_the_table():
    _project_tasks()
    for name, route in settings.TASK_TABLE.items():
        task = celery_app.tasks[name]
        assert celery_app.amqp.router.route({}, name)["queue"].name == route.queue
        assert (task.soft_time_limit, task.time_limit) == (route.soft_seconds, route.hard_seconds)
        assert route.soft_seconds < route.hard_seconds


def test_every_beat_job_runs_a_task_of_the_table_on_the_sweeps_queue():
    tasks = _project_tasks()
    assert settings.CELERY_BEAT_SCHEDULE
    for name, job in settings.CELERY_BEAT_SCHEDULE.items():
        assert job["task"] in tasks, name
        assert celery_app.amqp.router.route({}, job["task"])["queue"].name == queues.SWEEPS, name


def test_an_outbound_task_ends_soon_after_its_http_deadline():
    deliver = settings.TASK_TABLE["events.tasks.deliver_webhook"]
    deadline = settings.WEBHOOK_DEADLINE_MS / 1000
    assert deadline < deliver.soft_seconds <= deadline + queues.OUTBOUND_SOFT_MARGIN + 1
    assert deliver.queue == queues.WEBHOOKS
    assert settings.TASK_TABLE["ledger.tasks.deliver_call"].queue == queues.LEDGER


def test_a_lease_shorter_than_the_hard_limit_fails_the_system_check(settings):
    assert not [e for e in checks.run_checks() if e.id == "ops.E001"]
    hard = settings.TASK_TABLE["events.tasks.deliver_webhook"].hard_seconds
    settings.WEBHOOK_LEASE_SECONDS = hard
    [error] = [e for e in checks.run_checks() if e.id == "ops.E001"]
    assert "events.tasks.deliver_webhook" in error.msg


def test_without_a_broker_the_depths_are_not_read():
    assert queue_depths.depths() is None  # eager tasks: nothing queues


@pytest.mark.redis
def test_depth_and_oldest_age_per_queue_in_metrics_and_the_operations_page(
    own_broker, client, admin_user, settings
):
    settings.METRICS_TOKEN = "metrics-test-token"
    # Two webhook messages and one ledger message that no worker takes.
    for _ in range(2):
        celery_app.send_task("events.tasks.deliver_webhook", args=["dlv_unknown"])
    time.sleep(1.1)
    celery_app.send_task("ledger.tasks.deliver_call", args=["lcl_unknown"])

    found = {q.queue: q for q in queue_depths.depths()}
    assert set(found) == set(queues.QUEUES)
    assert found["webhooks"].depth == 2 and found["ledger"].depth == 1
    assert found["reviews"].depth == 0 and found["reviews"].oldest_age_seconds is None
    # The oldest message is the one published first.
    assert found["webhooks"].oldest_age_seconds > found["ledger"].oldest_age_seconds >= 0
    assert found["webhooks"].oldest_age_seconds >= 1

    text = client.get("/metrics", HTTP_AUTHORIZATION="Bearer metrics-test-token").content.decode()
    assert 'celery_queue_depth{queue="webhooks"} 2.0' in text
    assert 'celery_queue_depth{queue="ledger"} 1.0' in text
    assert 'celery_queue_depth{queue="sweeps"} 0.0' in text
    assert 'celery_queue_oldest_age_seconds{queue="webhooks"}' in text

    client.force_login(admin_user)
    page = client.get("/admin/ops/operationsoverview/").content.decode()
    assert "Worker queues" in page
    assert "<td><code>webhooks</code></td><td>2</td>" in page


@pytest.mark.redis
def test_a_task_reaches_its_queue_after_the_broker_restarted_empty(own_broker):
    """The publisher declares the task's queue (the worker can consume before any worker
    declared it), and a task message goes to its queue by name: after a restart that lost
    every binding, the same publisher's next task still lands where the workers read."""
    from participants.tasks import finish_onboarding

    queue = settings.TASK_TABLE["participants.tasks.finish_onboarding"].queue
    finish_onboarding.delay("par_01ARZ3NDEKTSV4RRFFQ69G5FAV")
    client = redis.Redis.from_url(own_broker.url)
    try:
        assert client.llen(queue) == 1
        assert client.exists(f"_kombu.binding.{queue}")
        own_broker.stop()
        own_broker.start()
        assert not client.exists(queue) and not client.exists(f"_kombu.binding.{queue}")
        finish_onboarding.delay("par_01ARZ3NDEKTSV4RRFFQ69G5FAW")
        assert client.llen(queue) == 1
    finally:
        client.close()


PUBLISH_READS = ("task_send_sent_event", "task_repr_maxlevels", "broker_pool_acquire_timeout")


def test_the_settings_a_publish_reads_are_named_with_celery_s_defaults():
    """Named so that a publish finds them at once (config/settings/celery.py); Celery's
    defaults, so naming them changes nothing else."""
    from celery.app.defaults import DEFAULTS

    for name in PUBLISH_READS:
        assert getattr(settings, f"CELERY_{name.upper()}") == DEFAULTS[name], name
        assert celery_app.conf[name] == DEFAULTS[name], name


@pytest.mark.redis
def test_a_publish_reads_no_setting_that_is_not_named(own_broker, monkeypatch):
    """Each setting Celery reads to publish a task (once its producer pool exists) is named in
    Django's settings: a Celery that comes to read another one shows here."""
    from celery.utils.collections import ConfigurationView

    from participants.tasks import finish_onboarding

    finish_onboarding.delay("par_01ARZ3NDEKTSV4RRFFQ69G5FAV")  # the pool, made once
    read = []
    lookup = ConfigurationView.__getitem__
    monkeypatch.setattr(
        ConfigurationView, "__getitem__", lambda self, key: read.append(key) or lookup(self, key)
    )
    finish_onboarding.delay("par_01ARZ3NDEKTSV4RRFFQ69G5FAW")
    assert read
    for name in set(read):
        assert hasattr(settings, f"CELERY_{name.upper()}"), name
