"""Settings, all read from the environment (see README "Configuration").

`config.settings` is the settings module everything names; it gathers the modules of this
package, one concern each, in this order: a later one reads settings of earlier ones (imported
by name) and the security module adds to the base's apps, middleware and templates and to the
logging's loggers.
"""

from config.settings.base import *  # noqa: F403, I001 (order matters)
from config.settings.ledger import *  # noqa: F403
from config.settings.webhooks import *  # noqa: F403
from config.settings.api import *  # noqa: F403
from config.settings.database import *  # noqa: F403
from config.settings.celery import *  # noqa: F403
from config.settings.observability import *  # noqa: F403
from config.settings.security import *  # noqa: F403
