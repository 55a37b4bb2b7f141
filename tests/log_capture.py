"""Everything logged while a block runs, as the console formatters write it (JSON and text,
tracebacks included): what an operator would read, not just the records."""

import io
import logging
from contextlib import contextmanager

from ops.logging import JsonLineFormatter, TextFormatter


@contextmanager
def formatted_logs(level: int = logging.DEBUG):
    streams = {"json": io.StringIO(), "text": io.StringIO()}
    handlers = []
    for name, formatter in (("json", JsonLineFormatter()), ("text", TextFormatter())):
        handler = logging.StreamHandler(streams[name])
        handler.setFormatter(formatter)
        handlers.append(handler)
    root = logging.getLogger()
    previous = root.level
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(level)
    try:
        yield streams
    finally:
        for handler in handlers:
            root.removeHandler(handler)
        root.setLevel(previous)
