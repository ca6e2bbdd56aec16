"""axe-core finds no serious or critical violation on the pages readers use most, search open included."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tools.search.box import BOX, search

from .pages import notebook_page_url

SEVERE = {"serious", "critical"}


def severe_violations(page) -> list[str]:
    # Colours measured mid-transition (the search overlay fading in) are not the page's
    # colours.
    page.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running')"
    )
    results = Axe().run(page)
    return [
        f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in SEVERE
    ]


# A revealed mock interview question and a section page with grades: tests/browser/test_practice.py.
# One page of each kind a reader opens: the home page, a section, a coding page and the coding
# round's index, the mock interview, and the reference pages.
PAGES = {
    "home": "",
    "section": "tensors/",
    "coding": "coding/layers/",
    "coding-index": "coding/",
    "mock-interview": "mock-interview/",
    "quick-reference": "reference/mental-model/",
    "errors": "reference/errors/",
    "corrections": "reference/corrections/",
    "proof": "reference/proof/",
}


@pytest.mark.parametrize("url", PAGES.values(), ids=PAGES.keys())
def test_page_has_no_serious_axe_violation(page, base_url, url):
    page.goto(base_url + url)
    found = severe_violations(page)
    assert not found, f"axe on /{url}:\n" + "\n".join(found)


def test_open_search_results_have_no_serious_axe_violation(page, base_url):
    page.goto(base_url)
    page.click(BOX)
    search(page, "backward")
    found = severe_violations(page)
    assert not found, "axe with search results open:\n" + "\n".join(found)


def test_notebook_page_has_no_serious_axe_violation(page, base_url, site):
    url = notebook_page_url(site)
    if url is None:
        pytest.skip("no walkthrough notebook page in the built site yet")
    page.goto(base_url + url)
    found = severe_violations(page)
    assert not found, f"axe on /{url}:\n" + "\n".join(found)


@pytest.mark.parametrize("url", ["tensors/", "notebook"], ids=["section", "notebook"])
def test_dark_scheme_has_no_serious_axe_violation(page, base_url, site, url):
    """A reader whose system asks for dark gets Material's slate scheme (mkdocs.yml's palette
    follows prefers-color-scheme), and its colours pass axe too (docs/assets/extra.css)."""
    if url == "notebook":
        url = notebook_page_url(site)
        if url is None:
            pytest.skip("no walkthrough notebook page in the built site yet")
    page.emulate_media(color_scheme="dark")
    page.goto(base_url + url)
    scheme = page.get_attribute("body", "data-md-color-scheme")
    assert scheme == "slate", f"a dark system got the {scheme!r} scheme on /{url}"
    found = severe_violations(page)
    assert not found, f"axe on /{url}, dark scheme:\n" + "\n".join(found)
