"""Handing a task to the broker when losing the message is survivable: a sweeper finds the
committed row and hands it over again, so a broker outage must never fail the caller."""

import logging


def hand_over(task, *args, what: str, logger: logging.Logger, **options) -> bool:
    """Send `task` with `args` (`apply_async` with `options`, such as a countdown, else
    `delay`). Never raises: a failure is logged on the caller's `logger`, naming `what`, and
    reported as False."""
    try:
        if options:
            task.apply_async(args=args, **options)
        else:
            task.delay(*args)
    except Exception:
        logger.exception("could not enqueue %s; the sweeper will", what)
        return False
    return True
