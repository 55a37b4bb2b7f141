import os

from django.core.wsgi import get_wsgi_application

from common.hooks import require_filled

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# No system checks run here: refuse to serve with an empty required hook (risk screening).
require_filled()
