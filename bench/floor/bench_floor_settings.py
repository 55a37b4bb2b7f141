"""The served checkout's own settings, with the floor views mounted beside its API."""

from config.settings import *  # noqa: F403 (the served checkout's own settings)

ROOT_URLCONF = "bench_floor_urls"
