"""What a reader does on a question page: permalinks, copy buttons, a phone.
(Practice mode, grades and the mock interview: test_practice.py.)"""

from __future__ import annotations

import re

import pytest

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


# Each code block: does it scroll sideways, and how many more lines does it take on screen than
# it has (a line too long for the column wraps)?
CODE_FIT = """els => els.map(e => {
  const style = getComputedStyle(e);
  const lines = e.textContent.replace(/\\n$/, "").split("\\n").length;
  const inner = e.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  return {scrolls: e.scrollWidth > e.clientWidth + 1,
          wrapped: Math.round(inner / parseFloat(style.lineHeight)) - lines,
          first: e.textContent.split("\\n")[0].slice(0, 60)};
})"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_no_code_block_is_cut_off(new_context, base_url, artifacts, size):
    """No block scrolls sideways on any question page: at desktop width every snippet's lines fit the
    column as written; on a phone the long ones wrap, and some must (or the check checked nothing)."""
    width, height = size
    phone = width < 600
    page = new_context(
        viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone
    ).new_page()
    problems, wrapped = [], 0
    for url in question_page_urls():
        page.goto(base_url + url, wait_until="domcontentloaded")
        page_width = page.evaluate("document.documentElement.scrollWidth")
        if page_width > width:
            problems.append(f"{url}: the page is {page_width}px wide at {width}px")
        for block in page.eval_on_selector_all("pre > code", CODE_FIT):
            if block["scrolls"]:
                problems.append(f"{url}: a block scrolls sideways: {block['first']!r}")
            if block["wrapped"] > 0 and not phone:
                problems.append(f"{url}: a line wraps at {width}px: {block['first']!r}")
            wrapped += block["wrapped"] > 0
    page.goto(base_url + "tensors/")
    page.locator(".highlight").first.scroll_into_view_if_needed()
    name = "phone" if phone else "desktop"
    page.screenshot(path=str(artifacts / f"{name}-tensors.png"))
    assert not problems, "\n".join(problems)
    if phone:
        assert wrapped, (
            "no code block wraps on a phone: the wrapping check checked nothing"
        )


def test_the_home_page_puts_the_paths_on_a_phones_first_screen(new_context, base_url):
    """A reader on a phone sees where to start (the night before, practise, look up) without
    scrolling, each path with its links."""
    page = new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    ).new_page()
    page.goto(base_url, wait_until="domcontentloaded")
    cards = page.locator(".qa-paths li")
    assert cards.count() == 3, cards.count()
    for i in range(3):
        box = cards.nth(i).bounding_box()
        assert box and box["y"] + box["height"] <= 844, (
            f"path {i + 1} ends at {box and box['y'] + box['height']}px, below a phone's screen"
        )
        assert cards.nth(i).locator("a").count() >= 1
