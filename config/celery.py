import os

from celery import Celery

from ops.workers import Heartbeat

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Every broker connection is common.broker_connection's: a worker whose connection drops while
# it runs or acknowledges a late-acknowledged task goes on instead of exiting.
app = Celery("config", amqp="common.broker_connection:AMQP")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Each worker beats for the queues it consumes, where /readyz and /metrics read it.
app.steps["consumer"].add(Heartbeat)

# redbeat (the beat scheduler when REDIS_URL is set) tells a setting it was given from one it
# falls back to by the setting's own lowercase name, which Django's CELERY_ prefix does not
# produce: without this its Redis client would get none of CELERY_REDBEAT_REDIS_OPTIONS.
REDBEAT_SETTINGS = (
    "redbeat_redis_url",
    "redbeat_redis_options",
    "redbeat_key_prefix",
    "redbeat_lock_timeout",
)


@app.on_after_configure.connect
def _name_redbeat_settings(sender, **kwargs):
    for name in REDBEAT_SETTINGS:
        value = sender.conf.get(name)
        if value is not None:
            sender.conf[name] = value
