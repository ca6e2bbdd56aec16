"""One strict build per test run, and per session (xdist worker) one local server and one Chromium.

Without /usr/bin/chromium the browser tests skip locally and fail in CI (CI=true), where .ci/run installs it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tools.browser import CHROMIUM, FLAGS, serve
from tools.qa import PROJECT

ARTIFACTS = PROJECT.root / "test-artifacts"


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not CHROMIUM.exists():
        why = f"{CHROMIUM} not found: install it with `apt-get install -y chromium` (.ci/run does)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests must run in CI: {why}", pytrace=False)
        pytest.skip(why)
    return str(CHROMIUM)


@pytest.fixture(scope="session")
def site(built_site, chromium_path) -> Path:
    return built_site


@pytest.fixture(scope="session")
def base_url(site) -> str:
    """The built site served on 127.0.0.1, on a free port."""
    server, url = serve(site)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def requests_seen() -> list[str]:
    """Every URL any page of the session requested (documents, scripts, the search worker's fetches)."""
    return []


@pytest.fixture(scope="session")
def local_sitemap(site, base_url) -> str:
    """sitemap.xml as the site would serve it at its own address.

    Material's instant navigation only intercepts links to pages listed in sitemap.xml, which names them by
    site_url (production). Served on 127.0.0.1 the names do not match and every click would be a full page load.
    """
    canonical = re.search(
        r'<link rel="canonical" href="([^"]+)"',
        (site / "index.html").read_text(encoding="utf-8"),
    )
    return (
        (site / "sitemap.xml")
        .read_text(encoding="utf-8")
        .replace(canonical.group(1), base_url)
    )


@pytest.fixture
def new_context(browser, base_url, requests_seen, local_sitemap):
    """Make browser contexts (desktop by default) that record their requests; closed after the test."""
    made = []

    def make(**options):
        ctx = browser.new_context(
            **{"viewport": {"width": 1280, "height": 800}, **options}
        )
        ctx.set_default_timeout(10_000)
        ctx.on("request", lambda request: requests_seen.append(request.url))
        ctx.route(
            base_url + "sitemap.xml",
            lambda route: route.fulfill(body=local_sitemap, content_type="text/xml"),
        )
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()


@pytest.fixture
def page(new_context):
    return new_context().new_page()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
