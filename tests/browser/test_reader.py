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


def test_code_blocks_off_screen_are_rendered_only_when_near(page, base_url):
    """A section page's code blocks far below the fold are skipped by the renderer until the
    reader scrolls to them (content-visibility: auto in extra.css), and then render."""
    page.goto(base_url + "tensors/")
    last = page.locator("div.highlight code").last
    rendered = "e => e.checkVisibility({contentVisibilityAuto: true})"
    assert not last.evaluate(rendered), (
        "the last code block of tensors/ is rendered at load: off-screen blocks are not "
        "deferred (extra.css, .highlight content-visibility)"
    )
    last.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => [...document.querySelectorAll('div.highlight code')].pop()"
        ".checkVisibility({contentVisibilityAuto: true})"
    )


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


# The one change of layout Material's script makes to a question page: each plain table wrapped
# in a scrolling container (its bundle's `table:not([class])`), so a wide table scrolls inside the
# column instead of widening the page.
WRAP_TABLES = """() => document.querySelectorAll("article table:not([class])").forEach(t => {
  const wrap = document.createElement("div"), inner = document.createElement("div")
  wrap.className = "md-typeset__scrollwrap"
  inner.className = "md-typeset__table"
  t.replaceWith(wrap)
  wrap.append(inner)
  inner.append(t)
})"""


def code_fit(page, base_url: str, url: str, scripted: bool) -> dict:
    """The page's width, its plain tables and CODE_FIT of each of its blocks."""
    # "load", not "domcontentloaded": without scripts nothing makes DOMContentLoaded wait for
    # the stylesheets, and a page measured before its CSS arrives is laid out unstyled.
    page.goto(base_url + url, wait_until="load")
    tables = page.locator("article table:not([class])").count()
    if not scripted:
        page.evaluate(WRAP_TABLES)
    return {
        "width": page.evaluate("document.documentElement.scrollWidth"),
        "tables": tables,
        "blocks": page.eval_on_selector_all("pre > code", CODE_FIT),
    }


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_no_code_block_is_cut_off(new_context, base_url, artifacts, size):
    """No block scrolls sideways on any question page: at desktop width every snippet's lines fit the
    column as written; on a phone the long ones wrap, and some must (or the check checked nothing).

    The sweep loads pages without scripts (Material's costs two thirds of each load) and wraps the
    tables as the script does (WRAP_TABLES); the pages with the most code blocks and the most
    tables are measured with scripts too, and must come out the same."""
    width, height = size
    phone = width < 600
    device = {"viewport": {"width": width, "height": height}, "is_mobile": phone,
              "has_touch": phone}  # fmt: skip
    page = new_context(**device, java_script_enabled=False).new_page()
    problems, wrapped = [], 0
    fits = {}
    for url in question_page_urls():
        fits[url] = fit = code_fit(page, base_url, url, scripted=False)
        if fit["width"] > width:
            problems.append(f"{url}: the page is {fit['width']}px wide at {width}px")
        for block in fit["blocks"]:
            if block["scrolls"]:
                problems.append(f"{url}: a block scrolls sideways: {block['first']!r}")
            if block["wrapped"] > 0 and not phone:
                problems.append(f"{url}: a line wraps at {width}px: {block['first']!r}")
            wrapped += block["wrapped"] > 0
    scripted = new_context(**device).new_page()
    most_blocks = max(fits, key=lambda url: len(fits[url]["blocks"]))
    for heaviest in {most_blocks, max(fits, key=lambda url: fits[url]["tables"])}:
        assert (
            code_fit(scripted, base_url, heaviest, scripted=True) == fits[heaviest]
        ), (
            f"/{heaviest}: with its scripts the page's width or its code blocks' fit differ "
            "from the sweep's, which loads pages without scripts (WRAP_TABLES stands for "
            "Material's script): make WRAP_TABLES do what the script does, or sweep with scripts"
        )
    scripted.goto(base_url + "tensors/")
    scripted.locator(".highlight").first.scroll_into_view_if_needed()
    name = "phone" if phone else "desktop"
    scripted.screenshot(path=str(artifacts / f"{name}-tensors.png"))
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
