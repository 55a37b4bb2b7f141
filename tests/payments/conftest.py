import pytest

from tests.conftest import ProviderContext


@pytest.fixture
def third_provider(db) -> ProviderContext:
    return ProviderContext("Third Credit Union")
