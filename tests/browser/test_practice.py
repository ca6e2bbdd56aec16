"""Practice on the reader's device: level chips, practice mode, self-grading and the progress it keeps
(docs/assets/practice.js), the mock interview and progress export, import and clear
(docs/assets/mock-interview.js, docs/mock-interview.md)."""

from __future__ import annotations

import json
import re

import pytest

from tools.qa import GRADES, PROGRESS_FILTERS, PROJECT, RANDOM_SCOPES
from tools.qa import LEVELS as LABELS

from .test_accessibility import severe_violations

MOCK = "mock-interview/"
READY = ".qa-practice[data-ready]"  # practice.js has bound the page's controls
QUESTIONS = ".md-content__inner > h2[id]"
REVEAL = ".qa-reveal"
TOGGLE = ".qa-practice__toggle"
# A question's answer blocks: what follows its row, the `hidden` qa-search lines left out (the grade
# buttons after the answer are part of it).
ANSWERS = (
    ".md-content__inner > h2[id] + .qa-report"
    " ~ :is(p, div, details):not(.qa-search, .qa-report)"
)


@pytest.fixture(scope="module")
def questions(site) -> list[dict]:
    return json.loads((site / "assets" / "questions.json").read_text(encoding="utf-8"))


def progress(page) -> dict:
    """The grades the browser keeps: {id: {grade, at}}."""
    return json.loads(page.evaluate("localStorage.getItem('qa-progress')") or "{}").get(
        "grades", {}
    )


def hidden_answers(page) -> tuple[int, int]:
    """(hidden, all) answer blocks of the page's questions. A coding question's later hints, held
    back until the one before is opened (practice.js, bindHints), count only while practice mode
    hides them too: otherwise a random draw that lands on a coding page reads as hidden answers."""
    return page.eval_on_selector_all(
        ANSWERS,
        """els => {
          const held = e => e.matches("details.qa-hint[hidden]:not(.qa-practice-hidden)")
          const counted = els.filter(e => !held(e))
          return [counted.filter(e => getComputedStyle(e).display === 'none').length, counted.length]
        }""",
    )


def visible_questions(page) -> list[str]:
    return page.eval_on_selector_all(
        QUESTIONS, "hs => hs.filter(h => h.offsetParent !== null).map(h => h.id)"
    )


def card(page, qid: str):
    return page.locator(f'.qa-card[data-question="{qid}"]')


def grade_on_page(page, qid: str, grade: str) -> None:
    """Press a grade as a reader does: the card scrolled to and the layout settled first (code
    blocks near it are laid out as they come on screen, which moves what is below them), then
    the button's pressed state must flip."""
    button = card(page, qid).get_by_role("button", name=GRADES[grade], exact=True)
    button.scroll_into_view_if_needed()
    page.evaluate(
        "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
    )
    before = button.get_attribute("aria-pressed")
    button.click()
    flipped = "false" if before == "true" else "true"
    page.wait_for_function(
        "([b, want]) => b.getAttribute('aria-pressed') === want",
        arg=[button.element_handle(), flipped],
        timeout=5000,
    )


def instant(page, href_end: str, ready: str = READY) -> None:
    """Follow a link of the primary navigation with Material's instant navigation, proven to be
    one (the page is not loaded again: a marker set on window survives), and wait for the new
    page's `ready` element."""
    page.evaluate(
        "window.qaSamePage = true;"
        "document.querySelector('.md-content__inner').dataset.qaOld = 'yes'"
    )
    page.click(f'.md-sidebar--primary a.md-nav__link[href$="{href_end}"]')
    page.locator(f".md-content__inner:not([data-qa-old]) {ready}").first.wait_for()
    assert page.evaluate("location.pathname").endswith("/" + href_end)
    assert page.evaluate("window.qaSamePage === true"), (
        f"the link to {href_end} caused a full page load, not instant navigation"
    )


def section_html(site, url: str) -> str:
    """The built HTML of a question (site-relative url page/#id), up to the next question."""
    path, _, qid = url.partition("#")
    html = (site / path / "index.html").read_text(encoding="utf-8")
    start = html.index(f'id="{qid}"')
    end = min(
        (i for i in (html.find("<h2", start), html.find("<h1", start)) if i > 0),
        default=len(html),
    )
    return html[start:end]


def chips(page) -> list[tuple]:
    """(level, what a screen reader hears, what is shown, shown inside the heading) per question."""
    return page.eval_on_selector_all(
        QUESTIONS,
        """hs => hs.map(h => {
             const chip = h.nextElementSibling.querySelector('.qa-level');
             const shown = chip && chip.cloneNode(true);
             if (shown) shown.querySelectorAll('.qa-sr-only').forEach(e => e.remove());
             return [h.dataset.level, chip && chip.textContent, shown && shown.textContent,
                     !!chip && h.textContent.includes(shown.textContent)];
           })""",
    )


def test_level_chips_and_practice_mode_by_level_across_navigation(
    page, base_url, site, questions
):
    page.goto(base_url + "tensors/")
    found = chips(page)
    assert found, "no question on tensors/"
    for level, spoken, shown, in_heading in found:
        assert shown == LABELS[level], f"a {level} question's chip reads {shown!r}"
        assert spoken == f"Level: {LABELS[level]}", f"a screen reader hears {spoken!r}"
        assert not in_heading, "the level chip is part of the heading's text"
    # In the built page, so that nothing moves when practice.js runs, but outside the
    # heading: in neither the search index nor the table of contents.
    built = (site / "tensors" / "index.html").read_text(encoding="utf-8")
    assert built.count('<div class="qa-card"') == len(found), "cards not in the page"
    index = json.loads(  # the documents the search indexed (tools/search/shards.py)
        (site / "assets" / "search" / "documents.json").read_text(encoding="utf-8")
    )
    assert index["docs"], (
        "the search index holds no document: this check would check nothing"
    )
    urls = {q["url"] for q in questions}
    controls = [
        "Practise the levels",
        "Not graded yet",
        "Grade:",
        "only what I missed or",
    ]
    for entry in index["docs"]:
        assert "qa-level" not in entry["text"], entry["location"]
        leaked = [c for c in controls if c in entry["text"]]
        assert not leaked, (
            f"{entry['location']}: the practice controls {leaked} are indexed"
        )
        if entry["location"] in urls:
            assert not re.search(
                rf"\b({'|'.join(LABELS.values())})\b", entry["title"]
            ), entry
    toc = page.inner_text(".md-sidebar--secondary")
    assert not any(label in toc for label in ("Working", "Expert")), toc

    # Practice mode hides every answer, and reveals one at a time.
    assert page.get_attribute(TOGGLE, "aria-pressed") == "false"
    assert hidden_answers(page)[0] == 0, "answers hidden before practice mode is on"
    assert page.locator(".qa-practice__levels").is_hidden()
    page.click(TOGGLE)
    assert page.get_attribute(TOGGLE, "aria-pressed") == "true"
    hidden, total = hidden_answers(page)
    assert total and hidden == total, (
        f"practice mode hides {hidden} of {total} answer blocks"
    )
    assert page.locator(REVEAL).count() == page.locator(QUESTIONS).count(), (
        "not one 'Show answer' button per question"
    )
    first = page.locator(REVEAL).first
    first.click()
    assert first.get_attribute("aria-expanded") == "true"
    assert page.locator(f"{REVEAL} + p").first.is_visible(), (
        "'Show answer' did not reveal the first answer"
    )
    assert hidden_answers(page)[0] > 0, "revealing one answer revealed them all"

    # Limited to levels: the questions of the other levels go.
    page.locator(".qa-practice__levels").get_by_label("Level: Core").uncheck()
    ids = page.eval_on_selector_all(QUESTIONS, "hs => hs.map(h => h.id)")
    expected = [q for q, c in zip(ids, found, strict=True) if c[0] != "core"]
    assert visible_questions(page) == expected, "practice mode shows Core questions"
    assert "Showing" in page.inner_text(".qa-practice__status")

    instant(page, "autograd/")
    hidden, total = hidden_answers(page)
    assert total and hidden == total, "practice mode lost on instant navigation"
    levels = page.eval_on_selector_all(
        QUESTIONS, "hs => hs.filter(h => h.offsetParent).map(h => h.dataset.level)"
    )
    assert levels and "core" not in levels, "the levels were lost on instant navigation"

    # A full load of a deep link keeps the mode and opens at the question, even one of a
    # level left out (a short page may end before it reaches the top).
    page.goto(base_url + "data/#drop-last")
    heading = page.locator("h2#drop-last")
    heading.wait_for()
    hidden, total = hidden_answers(page)
    assert total and hidden == total, "practice mode lost on a full page load"
    box = heading.bounding_box()
    assert box and 0 <= box["y"] < 800 - box["height"], (
        "a deep link in practice mode does not open at the question"
    )

    # Random question: another question, of a level chosen, its answer hidden.
    page.click(".qa-practice__random")
    page.wait_for_url(lambda url: "#" in url and not url.endswith("#drop-last"))
    qid = page.url.rpartition("#")[2]
    page.locator(f'{REVEAL}[data-question="{qid}"]').wait_for()
    assert page.get_attribute(f"h2#{qid}", "data-level") != "core"
    reveal = page.locator(f'{REVEAL}[data-question="{qid}"]')
    assert reveal.get_attribute("aria-expanded") == "false"
    assert "qa-landed" in (page.get_attribute(f"h2#{qid}", "class") or ""), (
        "the question a random draw landed on is not marked"
    )

    # Random within this page: ten draws, each lands on this page and only that one is marked.
    here = page.url.partition("#")[0]
    page.select_option(".qa-practice__scope", "page")
    for _ in range(10):
        before = page.url
        page.click(".qa-practice__random")
        page.wait_for_url(lambda url, b=before: url != b)
        assert page.url.partition("#")[0] == here, (
            f"random 'from this page' left: {page.url}"
        )
        marked = page.eval_on_selector_all("h2.qa-landed", "hs => hs.map(h => h.id)")
        assert marked == [page.url.rpartition("#")[2]], marked
    page.select_option(".qa-practice__scope", "site")

    page.click(TOGGLE)
    assert page.evaluate("localStorage.getItem('qa-practice')") == "off"
    assert page.locator(REVEAL).count() == 0 and hidden_answers(page)[0] == 0, (
        "turning practice mode off hid answers"
    )
    assert page.locator(QUESTIONS).count() == len(visible_questions(page))
    # Wherever the draws landed, a coding page too (its later hints are held back by design).
    page.goto(base_url + "coding/tensors/")
    page.locator(QUESTIONS).first.wait_for()
    assert page.locator(REVEAL).count() == 0 and hidden_answers(page)[0] == 0, (
        "practice mode off, a coding page hides answers"
    )


def smallest_section_page(questions: list[dict]) -> str:
    pages = [q["url"].partition("#")[0] for q in questions]
    return min(sorted(set(pages)), key=lambda p: (pages.count(p) < 3, pages.count(p)))


def test_grades_on_section_pages_survive_navigation_and_reload_and_pass_axe(
    page, base_url, questions
):
    page.goto(base_url + "tensors/")
    ids = page.eval_on_selector_all(QUESTIONS, "hs => hs.map(h => h.id)")
    for qid, grade in zip(ids, GRADES, strict=False):
        grade_on_page(page, qid, grade)
    button = card(page, ids[0]).get_by_role("button", name="Knew it")
    assert button.get_attribute("aria-pressed") == "true"
    assert "Knew it on" in card(page, ids[0]).inner_text()
    assert "Not graded yet" in card(page, ids[3]).inner_text()
    assert "3 of" in page.inner_text(".qa-practice__status")

    instant(page, "autograd/")
    other = page.eval_on_selector_all(QUESTIONS, "hs => hs.map(h => h.id)")[0]
    grade_on_page(page, other, "missed")
    instant(page, "tensors/")
    for qid, word in zip(ids, GRADES.values(), strict=False):
        assert f"{word} on" in card(page, qid).inner_text(), (
            f"{qid}'s grade lost on instant navigation"
        )

    page.select_option(".qa-practice__filter", "missed")
    assert visible_questions(page) == [ids[2]]
    page.reload()
    page.locator(READY).wait_for()
    assert page.input_value(".qa-practice__filter") == "missed"
    assert visible_questions(page) == [ids[2]], "the filter was lost on a reload"
    assert "Missed on" in card(page, ids[2]).inner_text(), "a grade lost on a reload"
    page.select_option(".qa-practice__filter", "review")
    assert visible_questions(page) == ids[1:3]
    page.select_option(".qa-practice__filter", "ungraded")
    assert visible_questions(page) == ids[3:]
    page.select_option(".qa-practice__filter", "all")
    assert visible_questions(page) == ids
    # Pressing the grade given takes it back.
    grade_on_page(page, ids[0], "knew")
    assert set(progress(page)) == {ids[1], ids[2], other}

    # axe, on a section page with grades, practice mode on and an answer revealed.
    small = smallest_section_page(questions)
    page.goto(base_url + small)
    qids = page.eval_on_selector_all(QUESTIONS, "hs => hs.map(h => h.id)")
    for qid, grade in zip(qids, GRADES, strict=False):
        grade_on_page(page, qid, grade)
    page.click(TOGGLE)
    page.locator(REVEAL).first.click()
    found = severe_violations(page)
    assert not found, f"axe on {small} with progress shown:\n" + "\n".join(found)


def start_interview(page, sections: list[str], count: int) -> None:
    page.locator(".qa-mock__settings").wait_for()
    page.get_by_role("button", name="Select none").click()
    for name in sections:
        page.locator(f'.qa-mock__settings input[name=section][value="{name}"]').check()
    page.fill("#qa-mock-count", str(count))
    page.get_by_role("button", name="Start the interview").click()
    page.locator(".qa-mock__question").wait_for()


def current_url(page, base_url) -> str:
    """The question asked now, as questions.json names it."""
    return page.get_attribute(".qa-mock__open a", "href").removeprefix(base_url)


def test_a_whole_mock_interview(new_context, base_url, site, questions):
    ctx = new_context()
    seen = []
    ctx.on("request", lambda r: seen.append(r.url))
    page = ctx.new_page()
    page.clock.install()
    page.goto(base_url + MOCK)
    by_url = {q["url"]: q for q in questions}
    section = "Tensors & shapes"
    start_interview(page, [section], 3)
    asked, took, code_blocks = [], [], 0
    for i, grade in enumerate(GRADES):
        assert page.inner_text(".qa-mock__position") == f"Question {i + 1} of 3"
        url = current_url(page, base_url)
        assert by_url[url]["section"] == section and url not in asked, url
        asked.append(url)
        assert page.locator(".qa-mock__answer").is_hidden(), "the answer shows at once"
        page.clock.fast_forward(61_000 + 1000 * i)
        page.wait_for_function(
            f"document.querySelector('[role=timer]').textContent === '01:0{1 + i}'"
        )
        page.get_by_role("button", name="Show answer").click()
        assert page.locator(".qa-mock__answer").is_visible()
        # The fake clock still runs at real speed: on a slow machine a second may pass
        # between the wait above and the click, so the time shown on reveal is read.
        took.append(page.inner_text("[role=timer]"))
        minutes, _, seconds = took[-1].partition(":")
        assert 0 <= 60 * int(minutes) + int(seconds) - (61 + i) <= 5, took[-1]
        page.wait_for_function(
            "document.querySelector('.qa-mock__answer-body').textContent.length > 100"
        )
        title = " ".join(page.locator(".qa-mock__title").text_content().split())
        assert title == by_url[url]["title"], f"{url} is shown as {title!r}"
        # The answer as its page has it, code blocks included.
        expected = section_html(site, url).count("<pre")
        shown = page.locator(".qa-mock__question pre").count()
        assert shown == expected, (
            f"{url}: {shown} code blocks shown, its page has {expected}"
        )
        code_blocks += shown
        if i == 0:
            found = severe_violations(page)
            assert not found, "axe on a revealed question:\n" + "\n".join(found)
        page.clock.fast_forward(30_000)  # reading the answer is not answering
        assert page.inner_text("[role=timer]") == took[-1], "the clock ran on"
        page.locator(".qa-mock__grade").get_by_role(
            "button", name=GRADES[grade]
        ).click()
    assert code_blocks, "no answer of the interview showed code"

    summary = page.locator(".qa-mock__summary")
    summary.wait_for()
    assert "3 questions" in summary.inner_text()
    items = summary.locator(".qa-mock__results > li")
    assert items.count() == 3
    rows = zip(asked, GRADES.values(), took, strict=True)
    for i, (url, word, secs) in enumerate(rows):
        link = items.nth(i).locator("a")
        assert link.get_attribute("href") == base_url + url
        assert link.inner_text() == by_url[url]["title"]
        text = items.nth(i).inner_text()
        assert word in text and secs in text, text
    graded = progress(page)
    assert [graded[u.partition("#")[2]]["grade"] for u in asked] == list(GRADES), (
        "the interview's grades are not the reader's progress"
    )

    # The summary's links lead to the question, its grade shown there.
    page.evaluate("window.qaSamePage = true")
    items.nth(2).locator("a").click()
    qid = asked[2].partition("#")[2]
    page.wait_for_url(f"**/{asked[2]}")
    card(page, qid).wait_for()
    assert page.evaluate("window.qaSamePage === true"), "not instant navigation"
    assert "Missed on" in card(page, qid).inner_text()
    outside = {u for u in seen if not u.startswith((base_url, "data:", "blob:"))}
    assert not outside, f"the mock interview reached out: {sorted(outside)}"


def test_an_interview_under_way_survives_a_reload_and_instant_navigation(
    page, base_url
):
    page.goto(base_url + MOCK)
    start_interview(page, ["Autograd"], 2)
    first = current_url(page, base_url)
    page.get_by_role("button", name="Show answer").click()
    page.reload()
    page.locator(".qa-mock__answer").wait_for()
    assert current_url(page, base_url) == first
    assert page.locator(".qa-mock__grade").is_visible(), "the revealed answer is lost"
    page.locator(".qa-mock__grade").get_by_role("button", name="Shaky").click()
    assert page.inner_text(".qa-mock__position") == "Question 2 of 2"
    instant(page, "autograd/")
    assert "Shaky on" in card(page, first.partition("#")[2]).inner_text()
    instant(page, MOCK, ready=".qa-mock__question")
    assert page.inner_text(".qa-mock__position") == "Question 2 of 2"
    assert page.locator(".qa-mock__answer").is_hidden()


def import_file(page, path) -> None:
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Import from a file").click()
    chooser.value.set_files(str(path))


SEED = """ids => ids.forEach((id, i) =>
  qaPractice.setGrade(id, ['knew', 'shaky', 'missed'][i % 3]))"""


def test_export_then_import_into_a_fresh_browser(
    new_context, base_url, tmp_path, questions
):
    page = new_context().new_page()
    page.goto(base_url + MOCK)
    page.locator(".qa-progress__summary").wait_for()
    page.evaluate(SEED, [q["id"] for q in questions[:3]])
    page.evaluate("qaPractice.setExercise('layer-norm', 'solved')")
    mine = progress(page)
    assert len(mine) == 3 and "graded 3 of" in page.inner_text(".qa-progress__summary")
    with page.expect_download() as download:
        page.get_by_role("button", name="Export to a file").click()
    download.value.save_as(tmp_path / "progress.json")
    data = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    assert data["format"] == "pytorch-interview-qa/progress" and data["version"] == 1
    assert data["grades"] == mine
    assert data["exercises"]["layer-norm"]["state"] == "solved", data.get("exercises")

    fresh = new_context().new_page()
    fresh.goto(base_url + MOCK)
    fresh.locator(".qa-progress__summary").wait_for()
    assert progress(fresh) == {}
    import_file(fresh, tmp_path / "progress.json")
    fresh.locator(
        ".qa-progress__message", has_text="Imported 3 grades and 1 exercise state"
    ).wait_for()
    assert progress(fresh) == mine, "the imported progress is not the exported one"
    assert fresh.evaluate("qaPractice.exerciseStates()['layer-norm'].state") == "solved"
    assert "graded 3 of" in fresh.inner_text(".qa-progress__summary")


BAD_FILES = {
    "not JSON": "{not json",
    "not a progress file exported by this site": '{"theme": "dark"}',
    "corrupted": '{"format": "pytorch-interview-qa/progress", "version": 1, "grades":'
    ' {"retain-graph": {"grade": "maybe", "at": "2025-01-01T00:00:00Z"}}}',
}


def test_a_bad_import_is_rejected_and_progress_kept_then_cleared(
    page, base_url, tmp_path, questions
):
    page.goto(base_url + MOCK)
    page.locator(".qa-progress__summary").wait_for()
    page.evaluate(SEED, [q["id"] for q in questions[:2]])
    before = page.evaluate("localStorage.getItem('qa-progress')")
    alert = page.locator(".qa-progress__error[role=alert]")
    for n, (message, content) in enumerate(BAD_FILES.items()):
        bad = tmp_path / f"bad{n}.json"
        bad.write_text(content, encoding="utf-8")
        import_file(page, bad)
        alert.filter(has_text=message).wait_for()
        text = alert.inner_text()
        assert f"bad{n}.json" in text and "your progress is unchanged" in text, text
        assert page.evaluate("localStorage.getItem('qa-progress')") == before

    # Clearing asks first, its Cancel focused; Cancel keeps everything.
    page.get_by_role("button", name="Clear my progress").click()
    assert page.evaluate("document.activeElement.textContent") == "Cancel"
    page.keyboard.press("Enter")
    assert page.evaluate("localStorage.getItem('qa-progress')") == before
    # A finished interview's grades and times are progress too: clearing deletes them.
    page.evaluate(
        "u => localStorage.setItem('qa-mock', JSON.stringify({version: 1, settings: null,"
        " run: {urls: [u], results: [{grade: 'missed', secs: 62}], i: 1, finished: true}}))",
        questions[0]["url"],
    )
    page.get_by_role("button", name="Clear my progress").click()
    page.get_by_role("button", name="Yes, delete my progress").click()
    assert progress(page) == {}
    assert "graded 0 of" in page.inner_text(".qa-progress__summary")
    mock = page.evaluate("JSON.parse(localStorage.getItem('qa-mock'))")
    assert mock["run"] is None, f"the last interview's grades survived Clear: {mock}"


def no_overflow(page, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{where}: the page is {width}px wide at a 390px viewport"


def on_screen(page, locator, what: str) -> None:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, (
        f"{what} is not on screen without scrolling: {box}, viewport height {height}"
    )


def test_phone_layout_of_the_mock_interview(new_context, base_url, artifacts):
    # Section pages, practice bar and grades included: test_reader.py's phone test.
    page = new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    ).new_page()
    page.goto(base_url + MOCK)
    page.locator(".qa-progress__summary").wait_for()
    no_overflow(page, "the interview's settings and the progress")
    start_interview(page, ["The coding round"], 1)
    no_overflow(page, "a question")
    # The focus view: the question alone, its controls on the first screen, however long it is.
    assert not page.locator(".md-content__inner > h1").is_visible(), (
        "the page's title is shown"
    )
    on_screen(page, page.get_by_role("button", name="Show answer"), "Show answer")
    page.get_by_role("button", name="Show answer").tap()
    page.locator(".qa-mock__answer pre").first.wait_for()
    no_overflow(page, "a revealed answer")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 2 * 844, (
        f"the answer is {height}px high: the check below checks nothing"
    )
    on_screen(page, page.locator(".qa-mock__grade"), "the grade buttons")
    page.screenshot(path=str(artifacts / "phone-mock-interview.png"))
    page.locator(".qa-mock__grade").get_by_role("button", name="Knew it").tap()
    page.locator(".qa-mock__summary").wait_for()
    no_overflow(page, "the summary")


def tab_to(page, selector: str, limit: int = 80) -> int:
    """Press Tab until the focused element matches selector; each control of ours on the way
    must show its focus. Returns the number of presses."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        matches, ours, visible, html = page.evaluate(
            """s => { const e = document.activeElement, st = getComputedStyle(e);
                 return [e.matches(s), !!e.closest('.qa-mock, .qa-progress'),
                         st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0,
                         e.outerHTML.slice(0, 80)]; }""",
            selector,
        )
        assert visible or not ours, f"no visible focus on {html}"
        if matches:
            return n
    raise AssertionError(f"{limit} presses of Tab never reached {selector}")


def focused(page, selector: str) -> bool:
    return page.evaluate("s => document.activeElement.matches(s)", selector)


def test_the_mock_interview_from_the_keyboard_alone(page, base_url):
    page.goto(base_url + MOCK)
    page.locator(".qa-mock__settings").wait_for()
    page.keyboard.press("Tab")
    assert focused(page, ".md-skip")
    page.keyboard.press("Enter")  # skip to the content
    tab_to(page, ".qa-mock__none")
    page.keyboard.press("Enter")
    tab_to(page, ".qa-mock__settings input[value='Losses']")
    page.keyboard.press("Space")
    tab_to(page, "#qa-mock-count")
    page.keyboard.press("Control+a")
    page.keyboard.type("2")
    tab_to(page, ".qa-mock__start")
    page.keyboard.press("Enter")
    for n in (1, 2):
        page.wait_for_function(
            "document.activeElement.matches('.qa-mock__title') && "
            "document.querySelector('.qa-mock__position').textContent"
            f" === 'Question {n} of 2'"
        )
        tab_to(page, ".qa-mock__reveal")
        page.keyboard.press("Enter")
        assert focused(page, ".qa-mock__answer-heading"), "focus not on the answer"
        tab_to(page, ".qa-mock__grade-button[data-grade='shaky']", limit=200)
        page.keyboard.press("Space")
    page.wait_for_function("document.activeElement.matches('.qa-mock__summary h2')")
    tab_to(page, ".qa-mock__results a")
    first = page.evaluate("document.activeElement.href")
    # No trap: Tab goes on past the interview and the progress, to the footer, and back.
    presses = tab_to(page, ".md-footer a", limit=120)
    for _ in range(presses):
        page.keyboard.press("Shift+Tab")
    assert focused(page, ".qa-mock__results a")
    page.keyboard.press("Enter")
    page.wait_for_url(first)
    assert progress(page)[first.rpartition("#")[2]]["grade"] == "shaky"


def test_questions_json_has_what_the_mock_interview_reads(questions):
    assert questions
    for q in questions:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", q["id"]), q
        assert q["url"].endswith("#" + q["id"]) and q["title"] and q["section"], q


def test_practice_controls_move_nothing_when_the_script_runs(page, base_url):
    """The toolbar and every question's row are in the page as built (tools/mkdocs_hooks.py):
    practice.js only binds them, so the page has no layout shift (a shift also costs the
    Lighthouse score that `make bench` reports)."""
    page.goto(base_url + "tensors/")
    page.locator(READY).wait_for()
    shift = page.evaluate(
        """() => new Promise(resolve => {
             let total = 0;
             new PerformanceObserver(list => {
               for (const e of list.getEntries()) if (!e.hadRecentInput) total += e.value;
             }).observe({type: "layout-shift", buffered: true});
             setTimeout(() => resolve(total), 300);
           })"""
    )
    assert shift == 0, f"the page's layout shifted by {shift:.3f} on load"


def test_practice_js_labels_are_the_builds():
    """practice.js labels grades, levels and filters as tools/qa/__init__.py does (the build writes
    the controls from tools/qa/__init__.py, the script writes grades and chips from its own)."""
    js = (PROJECT.docs / "assets" / "practice.js").read_text(encoding="utf-8")
    for name, labels in [
        ("LEVELS", LABELS),
        ("GRADES", GRADES),
        ("FILTERS", PROGRESS_FILTERS),
        ("SCOPES", RANDOM_SCOPES),
    ]:
        body = re.search(rf"var {name} = \{{(.*?)\}};", js, re.S)
        assert body, f"practice.js defines no {name}"
        found = dict(re.findall(r'(\w+): "([^"]*)"', body.group(1)))
        assert found == labels, (
            f"practice.js {name} {found} != tools/qa/__init__.py {labels}"
        )


def test_without_javascript_no_dead_practice_controls(new_context, base_url):
    """The build writes the practice controls into section pages; without JavaScript they
    would do nothing, so they are not shown (overrides/main.html), while the level chips are."""
    page = new_context(java_script_enabled=False).new_page()
    page.goto(base_url + "tensors/")
    assert page.locator(".qa-report .qa-level").first.is_visible(), (
        "the level chip is hidden"
    )
    for part in (".qa-practice", ".qa-card .qa-grade"):
        assert not page.locator(part).first.is_visible(), (
            f"{part} shown without JavaScript"
        )


def exercise_states(page) -> dict:
    """Each exercise's state the browser keeps: {id: {state, at}}."""
    return json.loads(page.evaluate("localStorage.getItem('qa-progress')") or "{}").get(
        "exercises", {}
    )


def test_hints_one_at_a_time_and_an_exercise_state_kept_across_reloads(page, base_url):
    """A coding question's hints appear one at a time, each once the one before was opened;
    the reader's state of an exercise (attempted, solved) is kept on their device: set by
    downloading the stub or by the buttons, shown after a reload, counted on the page."""
    page.goto(base_url + "coding/layers/#layer-norm")
    page.locator(READY).wait_for()
    hints = page.locator("h2#layer-norm ~ details.qa-hint")
    hint = [hints.nth(i) for i in range(3)]
    assert hint[0].locator("summary").inner_text() == "Hint 1 of 3"
    assert (
        hint[0].is_visible() and not hint[1].is_visible() and not hint[2].is_visible()
    )
    hint[0].locator("summary").click()
    hint[1].wait_for(state="visible")
    assert not hint[2].is_visible(), "hint 3 shown before hint 2 was opened"
    hint[1].locator("summary").click()
    hint[2].wait_for(state="visible")

    row = page.locator('.qa-exstate[data-exercise="layer-norm"]')
    assert row.locator(".qa-exstate__now").inner_text() == "Not attempted yet"
    with page.expect_download():
        page.locator('.qa-exercise a[href$="layer_norm.py"]').first.click()
    assert exercise_states(page)["layer-norm"]["state"] == "attempted"
    row.get_by_role("button", name="My code passed").click()
    assert exercise_states(page)["layer-norm"]["state"] == "solved"
    page.reload()
    page.locator(READY).wait_for()
    assert row.locator(".qa-exstate__now").inner_text().startswith("Solved on ")
    assert (
        row.get_by_role("button", name="My code passed").get_attribute("aria-pressed")
        == "true"
    )
    assert "Exercises: 1 solved, 0 attempted of" in page.inner_text(
        ".qa-practice__status"
    )
    row.get_by_role(
        "button", name="My code passed"
    ).click()  # pressed again: taken back
    assert "layer-norm" not in exercise_states(page)

    # In practice mode the hints stay with the task: only the solution is hidden.
    page.locator(TOGGLE).click()
    assert hint[0].is_visible(), "practice mode hid the first hint"
    assert not page.locator("h2#layer-norm ~ details.qa-solution").first.is_visible()
