"""A staff member's admin session in headless Chromium (Debian's), driven by Playwright
against the live test server, for the browser tests of the review queue and the risk screens.

Playwright's sync API runs an event loop in this thread, and Django refuses ORM calls from a
thread with a running loop: a test does its database work before `staff_page` opens and after
it closes."""

from collections.abc import Iterator
from contextlib import contextmanager

from tests.conftest import CHROMIUM
from tests.reviews.admin_support import PASSWORD

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
TIMEOUT_MS = 15_000


@contextmanager
def chromium_page() -> Iterator:
    """A 1400 by 900 page in headless Chromium; the browser is closed when the block ends,
    whatever happened in it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.set_default_timeout(TIMEOUT_MS)
            yield page
        finally:
            browser.close()


@contextmanager
def staff_page(base_url: str, username: str) -> Iterator:
    """A `chromium_page` logged in to the admin as `username` (password `PASSWORD`)."""
    with chromium_page() as page:
        page.goto(f"{base_url}/admin/")
        page.fill("#id_username", username)
        page.fill("#id_password", PASSWORD)
        page.click("input[type=submit]")
        yield page
