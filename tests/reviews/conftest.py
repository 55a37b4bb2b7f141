import pytest

from tests.reviews.admin_support import staff_user


@pytest.fixture
def analyst():
    """A staff user in the "Risk analyst" group."""
    return staff_user("ana_analyst")
