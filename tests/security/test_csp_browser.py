"""Swagger UI, /errors and the admin pages (index, a list, the operations page, a review
queue, the second factor's enrolment with its QR code) load in Chromium under the
Content-Security-Policy, and the browser reports no violation. Database work happens before
the browser starts (see tests.admin_browser)."""

import pytest

from security import second_factor
from tests.admin_browser import staff_page
from tests.reviews.admin_support import staff_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Registered before any page script: every violation the page's CSP reports, and console
# lines about one (a blocked inline script reports both).
WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


def test_the_pages_load_with_no_csp_violation(live_server):
    admin = staff_user("csp_admin", superuser=True)
    second_factor.allow_enrolment(admin, by="test")
    with staff_page(live_server.url, "csp_admin") as page:
        from playwright.sync_api import expect

        console = []
        page.on("console", lambda message: console.append(message.text))
        page.add_init_script(WATCH)
        seen = {}

        def visit(path, ready):
            page.goto(f"{live_server.url}{path}")
            expect(page.locator(ready).first).to_be_visible()
            seen[path] = page.evaluate("window.__cspViolations")

        visit("/api/docs/", ".swagger-ui .info .title")
        expect(page.locator(".swagger-ui .opblock").first).to_be_visible()  # the schema loaded
        visit("/errors", "table tr#invalid-request")
        visit("/admin/", "#content-main .app-reviews")
        visit("/admin/ops/operationsoverview/", "#content")
        visit("/admin/reviews/participantreview/", "#changelist")
        visit("/admin/auth/user/", "#changelist")
        page.locator("input.action-select").first.check()  # the admin's own script runs
        expect(page.locator(".action-counter")).to_contain_text("1 of")
        visit("/admin/second-factor/setup/", "img[alt^='QR code']")
        box = page.locator("img[alt^='QR code']").bounding_box()
        assert box and box["width"] > 200  # the SVG data image rendered

    assert seen == {path: [] for path in seen}
    assert [line for line in console if "Content Security Policy" in line] == []
