import os

from django.core.asgi import get_asgi_application

from common.hooks import require_filled

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

# No system checks run here: refuse to serve with an empty required hook (risk screening).
require_filled()
