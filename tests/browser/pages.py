"""Where the questions live in the built site."""

from __future__ import annotations

from tools.qa import PROJECT


def page_url(page) -> str:
    return PROJECT.page_url(page)


def question_page_urls() -> list[str]:
    return [page_url(p) for p in PROJECT.question_pages() if PROJECT.questions(p)]


def in_view(page, locator) -> bool:
    """The element's top is on screen, in the upper half of the viewport."""
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] < page.viewport_size["height"] / 2


def notebook_page_url(site) -> str | None:
    """A walkthrough notebook page of the built site (mkdocs-jupyter wraps it in .jupyter-wrapper), if any."""
    for html in sorted(site.rglob("index.html")):
        if 'class="jupyter-wrapper"' in html.read_text(encoding="utf-8"):
            return html.parent.relative_to(site).as_posix() + "/"
    return None
