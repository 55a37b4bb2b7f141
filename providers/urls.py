from api.routers import PROVIDER, ProviderRouter
from providers.api import views

router = ProviderRouter()
router.register(f"{PROVIDER}/tokens", views.TokenViewSet, basename="token")

urlpatterns = router.urls
