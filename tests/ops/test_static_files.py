"""Under the production settings (DEBUG off, `collectstatic` into a folder of the test's own)
gunicorn serves every stylesheet, script and image the admin and Swagger UI name, by WhiteNoise
and with nothing in front: hashed names, compressed, cached for good. In Chromium the admin's
login page is styled and Swagger UI lists the operations, with no failed request and no
Content-Security-Policy violation. The server runs on plain http on loopback (LOCAL_HTTP)."""

import re

import pytest
import requests

from tests.production_server import Gunicorn, manage, production_env
from tests.security.test_csp_browser import WATCH


@pytest.fixture(scope="module")
def production(tmp_path_factory):
    """The base URL of gunicorn serving config.settings with DEBUG off, its static files
    collected beforehand. None of these pages reads the database: an empty SQLite file does."""
    folder = tmp_path_factory.mktemp("production")
    env = production_env(folder, STATIC_ROOT=str(folder / "static"))
    manage(env, "collectstatic", "--no-input", "-v", "0")
    server = Gunicorn(env)
    try:
        yield server.url
    finally:
        server.stop()


def _assets(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', html)


@pytest.mark.parametrize("page", ["/admin/login/", "/api/docs/"])
def test_every_file_a_page_names_is_served_hashed_compressed_and_cached(production, page):
    response = requests.get(f"{production}{page}", allow_redirects=False, timeout=10)
    assert response.status_code == 200  # no redirect to https on loopback
    assets = _assets(response.text)
    assert any(path.endswith(".css") for path in assets) and any(
        path.endswith(".js") for path in assets
    ), assets
    for path in assets:
        served = requests.get(f"{production}{path}", headers={"Accept-Encoding": "gzip"})
        assert served.status_code == 200, path
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", path), f"{path}: not a hashed name"
        assert "immutable" in served.headers["Cache-Control"], path
        if path.endswith((".css", ".js")):
            assert served.headers.get("Content-Encoding") == "gzip", path


@pytest.mark.browser
def test_the_admin_is_styled_and_swagger_ui_lists_the_operations(production):
    from playwright.sync_api import expect

    from tests.admin_browser import chromium_page
    from tests.page_layout import screenshot_dir

    failed, violations = [], {}
    with chromium_page() as page:
        page.on(
            "response",
            lambda response: (
                response.status >= 400 and failed.append(f"{response.status} {response.url}")
            ),
        )
        page.on("requestfailed", lambda request: failed.append(f"failed {request.url}"))
        page.add_init_script(WATCH)

        page.goto(f"{production}/admin/login/")
        expect(page.locator("#id_username")).to_be_visible()
        styled = page.evaluate(
            "[...document.styleSheets].filter(s => s.href && s.cssRules.length).length"
        )
        assert styled >= 3, "the admin's stylesheets did not load"
        # The admin's own rules apply: its header's colour, the login box's width.
        header = page.evaluate("getComputedStyle(document.querySelector('#header')).color")
        assert header != "rgb(0, 0, 0)"
        assert page.locator("#container").bounding_box()["width"] < 1000
        page.screenshot(path=str(screenshot_dir() / "production-admin-login.png"))
        violations["/admin/login/"] = page.evaluate("window.__cspViolations")

        page.goto(f"{production}/api/docs/")
        expect(page.locator(".swagger-ui .info .title")).to_be_visible()
        expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
        assert page.locator(".swagger-ui .opblock").count() > 20
        page.screenshot(path=str(screenshot_dir() / "production-swagger-ui.png"))
        violations["/api/docs/"] = page.evaluate("window.__cspViolations")
    assert failed == []
    assert violations == {"/admin/login/": [], "/api/docs/": []}
