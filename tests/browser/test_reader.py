"""What a reader does on a question page: permalinks, copy buttons, a phone.
(Practice mode, grades and the mock interview: test_practice.py.)"""

from __future__ import annotations

import re

from tools.qa import INCLUDE, PROJECT, Question

from .pages import in_view, page_url, question_page_urls


def test_every_question_has_a_visible_permalink_and_a_deep_link_opens_at_it(
    page, base_url, site
):
    missing = []
    for url in question_page_urls():
        html = (site / url / "index.html").read_text(encoding="utf-8")
        for q in re.findall(r'<h2\b[^>]*\bid="([^"]+)"', html):
            if f'<a class="headerlink" href="#{q}"' not in html:
                missing.append(f"{url}#{q}")
    assert not missing, f"questions without a permalink: {missing}"

    page.goto(base_url + "autograd/#retain-graph")
    heading = page.locator("h2#retain-graph")
    assert in_view(page, heading), (
        "autograd/#retain-graph does not open scrolled to the question"
    )
    assert (
        heading.locator("a.headerlink").get_attribute("title")
        == "Link to this question"
    )
    # Shown without hovering (a phone cannot hover): every question's link, not only the
    # one linked to.
    page.wait_for_function(
        """[...document.querySelectorAll('.md-content h2[id] > a.headerlink')]
             .every(a => getComputedStyle(a).opacity === '1' && a.offsetWidth > 0)"""
    )


def first_question_with_snippet() -> tuple[Question, str]:
    for q in PROJECT.all_questions():
        for line in q.body:
            m = INCLUDE.match(line)
            if m:
                return q, m.group("target")
    raise AssertionError("no question includes a snippet")


def test_copy_button_copies_exactly_the_snippet(new_context, base_url):
    page = new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
    q, target = first_question_with_snippet()
    page.goto(f"{base_url}{page_url(q.page)}#{q.id}")
    block = page.locator(
        f"xpath=//h2[@id='{q.id}']/following::div[contains(@class, 'highlight')][1]"
    )
    block.hover()
    block.locator("button.md-code__button[data-md-type=copy]").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    expected = (PROJECT.snippets / target).read_text(encoding="utf-8")
    assert copied.rstrip("\n") == expected.rstrip("\n"), (
        f"the copy button of {q.id} does not copy {target} exactly"
    )


def test_phone_layout_has_no_page_overflow_and_code_scrolls_inside(
    new_context, base_url, artifacts
):
    page = new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    ).new_page()
    problems, scrolling = [], 0
    for url in question_page_urls():
        page.goto(
            base_url + url, wait_until="domcontentloaded"
        )  # styles are applied by then
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            problems.append(f"{url}: the page is {width}px wide at a 390px viewport")
        wide = page.eval_on_selector_all(
            "pre > code",
            "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => getComputedStyle(e).overflowX)",
        )
        scrolling += len(wide)
        problems += [
            f"{url}: a wide code block with overflow-x {o}"
            for o in wide
            if o not in ("auto", "scroll")
        ]
    page.goto(base_url + "tensors/")
    page.locator(".highlight").first.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "phone-tensors.png"))
    assert not problems, "\n".join(problems)
    assert scrolling, (
        "no code block is wider than a phone: the scrolling check checked nothing"
    )
