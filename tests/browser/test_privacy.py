"""Reading and searching the site makes no request to anyone but the site itself."""

from __future__ import annotations

from tools.search.box import BOX, search

from .pages import notebook_page_url


def test_every_request_goes_to_the_local_server(page, base_url, site, requests_seen):
    # mock-interview/ fetches assets/questions.json; the reader's progress stays in the browser.
    urls = ["", "tensors/", "reference/errors/", "mock-interview/"] + [
        u for u in [notebook_page_url(site)] if u
    ]
    for url in urls:
        page.goto(base_url + url)
    page.click(BOX)
    search(page, "retain_graph")
    page.wait_for_load_state("networkidle")
    assert any("assets/search/index.json" in u for u in requests_seen), (
        "the search index was never fetched"
    )
    outside = sorted(
        {u for u in requests_seen if not u.startswith((base_url, "data:", "blob:"))}
    )
    assert not outside, "requests to somewhere other than the site:\n" + "\n".join(
        outside
    )
