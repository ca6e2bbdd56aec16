"""MkDocs hooks: facts the site states about itself are read from the repository, never typed.

- `config.extra.torch_version` comes from the torch pin in requirements.txt (every page footer).
- In a page, `{{ questions }}`, `{{ snippets }}`, `{{ sections }}` and `{{ torch_version }}` become
  counts; `{{ sections_table }}` the home page's table (the nav, each page's `description`);
  `{{ corrections }}` the corrections page (docs/reference/corrections.yml).
- A missing include fails the build naming page and line (rule include-resolves).
- Links to torch's docs at `docs/stable/` point at the pinned release's docs instead.
- Every question heading gets a line of links: "report a problem with this answer" (naming its page
  and id), "Corrected <date>", and "Write it: ..." for each coding exercise that links to it.
- Under each question, its practice row (level chip, last grade, grade buttons), and before a
  page's first question the practice toolbar: in the page as built, so nothing moves when
  docs/assets/practice.js binds them.
- A coding exercise gets its Exercise box, and its stub and check as downloads (tools/exercises.py).
- Search indexes a question's prose and its qa-search line, not its code blocks or the link line
  (`data-search-exclude`); a question page's own entry weighs less than its questions.
- `assets/questions.json` lists every question (link, title, section, level, exercise) in the nav's
  order, for practice mode (docs/assets/practice.js) and the mock interview
  (docs/assets/mock-interview.js).
"""

from __future__ import annotations

import html
import json
import os
import re
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import File  # noqa: E402

from tools import exercises  # noqa: E402
from tools.qa import (
    GRADES,
    LEVEL_MEANING,
    LEVELS,
    PROGRESS_FILTERS,
    RANDOM_SCOPES,
    Project,
    includes,
)  # noqa: E402
from tools.qa.rules import violation  # noqa: E402

FACTS: dict[str, str] = {}
QUESTION_URLS: dict[str, list[str]] = {}  # page url -> the links of its questions
QUESTIONS: list[
    dict
] = []  # assets/questions.json: every question, for practice and the mock interview
PROJECT: list[Project] = []  # the project this build is of
CORRECTED: dict[str, list[str]] = {}  # page#id -> the dates it was corrected
PRACTICE: dict[
    str, list[tuple[str, str]]
] = {}  # page#id -> the exercises that link to it


def on_config(config):
    project = Project(Path(config.config_file_path).parent)
    PROJECT[:] = [project]
    questions = project.all_questions()
    FACTS.update(
        torch_version=project.torch_pin(),
        questions=str(len(questions)),
        snippets=str(len(project.snippet_files())),
        sections=str(
            len({q.page.relative_to(project.docs).parts[0] for q in questions})
        ),
    )
    config["extra"]["torch_version"] = FACTS["torch_version"]
    QUESTION_URLS.clear()
    QUESTIONS.clear()
    CORRECTED.clear()
    PRACTICE.clear()
    PRACTICE.update(exercises_linking(project))
    for entry in project.corrections():
        CORRECTED.setdefault(entry["question"], []).append(str(entry["date"]))
    return config


def exercise_folder(project: Project, page: Path) -> str:
    """Where a page's exercise downloads go in the site: coding/layers.md -> coding/layers/exercises."""
    relative = page.relative_to(project.docs).with_suffix("")
    folder = relative.parent if relative.name == "index" else relative
    return f"{folder.as_posix()}/exercises"


def page_exercises(project: Project, page: Path) -> list[exercises.Exercise]:
    seen = {}
    for _, target, _ in includes(page.read_text(encoding="utf-8")):
        path = project.include_target(target)
        if (
            path.is_file()
            and exercises.is_exercise(path)
            and not exercises.problems(path)
        ):
            seen.setdefault(path, exercises.exercise(path))
    return list(seen.values())


def on_files(files, config):
    """The coding round's downloads: each exercise's stub and check (tools/exercises.py)."""
    project = PROJECT[0]
    for page in project.question_pages():
        folder = exercise_folder(project, page)
        for ex in page_exercises(project, page):
            for name, text in ((ex.stub_name, exercises.stub(ex.solution)),
                               (ex.check_name, exercises.check_file(ex.solution)),
                               (ex.notebook_name, exercises.notebook(ex.solution))):  # fmt: skip
                files.append(File.generated(config, f"{folder}/{name}", content=text))
    return files


EXERCISE_BOX = """!!! example qa-exercise "Exercise"
    Start from [`{stub}`]({folder}/{stub}){{ download }}, the task with the solution left out,
    and check yours with [`{check}`]({folder}/{check}){{ download }}: `{command}` prints the
    check's line when yours matches torch, or `FAIL:` and the first mismatch. Or both in one
    notebook: [`{notebook}`]({folder}/{notebook}){{ download }}.

"""


def add_exercise_boxes(markdown: str, project: Project, page: Path) -> str:
    """Before the first block that includes an exercise's solution, the box with its downloads."""
    lines = markdown.split("\n")
    here = page.parent
    for ex in page_exercises(project, page):
        target = ex.solution.relative_to(project.snippets).as_posix()
        for i, line in enumerate(lines):
            if (
                target in line
                and "--8<--" in line
                and i
                and lines[i - 1].startswith("```")
            ):
                folder = Path(exercise_folder(project, page))
                link = Path(os.path.relpath(project.docs / folder, here)).as_posix()
                box = EXERCISE_BOX.format(
                    stub=ex.stub_name,
                    check=ex.check_name,
                    notebook=ex.notebook_name,
                    folder=link,
                    command=ex.command,
                )
                if calls := exercises.forbidden(ex.solution):
                    shown = ", ".join(
                        f"`{c.replace('torch.nn.functional.', 'F.')}`" for c in calls
                    )
                    box += (
                        f"    **Not allowed** (the check fails a call to any of them, directly or "
                        f"through a module that calls them): {shown}.\n\n"
                    )
                lines[i - 1 : i - 1] = box.split("\n")
                break
    return collapse_solutions("\n".join(lines))


TASK = re.compile(r'^!!!\s+question\s+"Task"')
SOLUTION_BOX = '??? success qa-solution "Solution, traps, cost and check"'
# A hint, as a page writes it after the Task box: ??? tip "Hint 1" (CONTRIBUTING, Coding questions).
HINT = re.compile(r'^\?\?\?\s+tip\s+"Hint\b[^"]*"\s*$')


def take_blocks(body: list[str], starts) -> list[list[str]]:
    """Removes from body each block whose first line `starts` matches, with its indented lines."""
    blocks, k = [], 0
    while k < len(body):
        if not starts(body[k]):
            k += 1
            continue
        end = k + 1
        while end < len(body) and (
            body[end].startswith("    ")
            or (not body[end].strip() and end + 1 < len(body)
                and body[end + 1].startswith("    "))
        ):  # fmt: skip
            end += 1
        blocks.append(body[k:end])
        del body[k:end]
    return blocks


def collapse_solutions(markdown: str) -> str:
    """A coding question shows its task and its downloads; the solution, the traps, the cost and
    the block (solution and check) follow in a collapsed box, opened by the reader (or by
    practice mode's "Show answer"). Only indentation changes: the block is the same program."""
    lines, out, i = markdown.split("\n"), [], 0
    while i < len(lines):
        out.append(lines[i])
        if not TASK.match(lines[i]):
            i += 1
            continue
        i += 1
        # the Task box, then the exercise box: indented lines and the blank lines between them
        while i < len(lines) and (
            lines[i].startswith("    ")
            or lines[i].startswith("!!! example qa-exercise")
            or (not lines[i].strip() and i + 1 < len(lines)
                and (lines[i + 1].startswith(("    ", "!!! example qa-exercise"))))
        ):  # fmt: skip
            out.append(lines[i])
            i += 1
        body = []
        while i < len(lines) and not lines[i].startswith(
            ("## ", "# ", '<p class="qa-search"')
        ):
            body.append(lines[i])
            i += 1
        # The downloads box, then the hints (revealed one at a time by practice.js): out of
        # the collapsed part, in that order.
        for block in take_blocks(
            body, lambda line: line.startswith("!!! example qa-exercise")
        ):
            out += ["", *block]
        hints = take_blocks(body, HINT.match)
        for n, block in enumerate(hints, 1):
            title = f"Hint {n} of {len(hints)}" if len(hints) > 1 else "Hint"
            out += ["", f'??? tip qa-hint "{title}"', *block[1:]]
        while body and not body[-1].strip():
            body.pop()
        while body and not body[0].strip():
            body.pop(0)
        if body:
            out += ["", SOLUTION_BOX, ""]
            out += [("    " + line) if line.strip() else "" for line in body]
            out.append("")
    return "\n".join(out)


def front_matter(path: Path) -> dict:
    import yaml

    text = path.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text.split("\n---\n", 1)[0][4:]) or {}


def sections_table(project: Project, page: Path) -> str:
    """The home page's table of sections: mkdocs.yml's nav, each page's question count by level
    and its `description`."""
    rows = ["| Section | Questions | What it covers |", "| --- | --- | --- |"]
    for title, section in project.sections:
        link = os.path.relpath(section, page.parent).replace(os.sep, "/")
        folder = (
            section.parent
        )  # the section's pages: its folder, and the folders below
        levels = Counter(
            q.level_name
            for p in project.question_pages()
            if folder in p.parents
            for q in project.questions(p)
        )
        count = sum(levels.values())
        by_level = ", ".join(
            f"{levels[k]} {LEVELS[k].lower()}" for k in LEVELS if levels[k]
        )
        description = front_matter(section).get("description", "")
        rows.append(f"| [{title}]({link}) | {count}: {by_level} | {description} |")
    return "\n".join(rows)


def corrections_markdown(project: Project, page: Path) -> str:
    """The corrections page, grouped by page in the nav's order: under each page, each corrected
    question, then what was said, what is true and the evidence, newest first."""
    entries = project.corrections()
    titles = {project.question_key(q): q.title for q in project.all_questions()}
    by_question: dict[str, list[dict]] = {}
    for entry in sorted(entries, key=lambda e: str(e["date"]), reverse=True):
        by_question.setdefault(entry["question"], []).append(entry)
    order = [project.question_key(q) for q in project.all_questions()]
    keys = sorted(
        by_question, key=lambda k: order.index(k) if k in order else len(order)
    )
    names = {
        section.relative_to(project.docs).parent.as_posix(): title
        for title, section in project.sections
    }
    nav = [
        section.relative_to(project.docs).parent.as_posix()
        for _, section in project.sections
    ]

    def nav_order(key: str) -> tuple[int, str]:
        folder = Path(key.partition("#")[0]).parent.as_posix()
        return (nav.index(folder) if folder in nav else len(nav), key.partition("#")[0])

    by_page: dict[str, list[str]] = {}
    for key in sorted(
        keys, key=nav_order
    ):  # stable: each page's questions in page order
        by_page.setdefault(key.partition("#")[0], []).append(key)
    out = [
        f"{len(entries)} corrections of {len(by_question)} answers on "
        f"{len(by_page)} pages.\n"
    ]
    for path, page_keys in by_page.items():
        folder = Path(path).parent.as_posix()
        name = names.get(folder) or names.get(Path(folder).parent.as_posix(), "")
        title = f"{name}: {Path(path).stem}" if Path(path).stem != "index" else name
        link = os.path.relpath(project.docs / path, page.parent).replace(os.sep, "/")
        anchor = "page-" + re.sub(
            r"[^a-z0-9]+", "-", Path(path).with_suffix("").as_posix()
        )
        count = sum(len(by_question[k]) for k in page_keys)
        out.append(f"## [{title or path}]({link}) {{ #{anchor.rstrip('-')} }}\n")
        out.append(f"{count} corrections of {len(page_keys)} answers.\n")
        for key in page_keys:
            _, _, qid = key.partition("#")
            question = titles.get(key, path)
            target = f"{link}{'#' + qid if qid else ''}"
            out.append(f"### [{question}]({target}) {{ #{correction_anchor(key)} }}\n")
            for e in by_question[key]:
                out.append(
                    f"- **{e['date']}.** The page said: {e['said']}\n"
                    f"    - **What is true:** {e['truth']}\n"
                    f"    - **Evidence:** {e['evidence']}\n"
                )
    return "\n".join(out)


LINK = re.compile(r"\]\((?P<path>[^)#\s]+\.md)#(?P<id>[\w-]+)\)")


def exercises_linking(project: Project) -> dict[str, list[tuple[str, str]]]:
    """Each question an exercise links to, with that exercise: the question shows a link back
    ("Write it: ..."). Made from the coding pages' own links, so it needs no list of its own."""
    out: dict[str, list[tuple[str, str]]] = {}
    for page in project.question_pages():
        for q in project.questions(page):
            body = "\n".join(q.body)
            targets = [project.include_target(t) for _, t, _ in includes(body)]
            if not any(t.is_file() and exercises.is_exercise(t) for t in targets):
                continue
            for m in LINK.finditer(body):
                target = (page.parent / m["path"]).resolve()
                if project.docs.resolve() not in target.parents:
                    continue
                key = (
                    f"{target.relative_to(project.docs.resolve()).as_posix()}#{m['id']}"
                )
                entry = (plain(q.title), project.question_key(q))
                if key != project.question_key(q) and entry not in out.get(key, []):
                    out.setdefault(key, []).append(entry)
    return out


def site_root(page) -> str:
    """The relative URL of the site's root from a page: '../' for tensors/, '../../' for a/b/."""
    return "../" * page.url.count("/") if page.url else ""


def correction_anchor(key: str) -> str:
    """corrections/#fix-<id> for a question, #fix-<file> for a walkthrough."""
    path, _, qid = key.partition("#")
    return "fix-" + (qid or Path(path).stem.replace("_", "-"))


def on_page_markdown(markdown, page, config, files):
    # A missing include, named by page and line (pymdownx.snippets would name only the
    # path).
    project = PROJECT[0]
    path = Path(page.file.abs_src_path)
    missing = project.missing_includes(path, markdown)
    if missing:
        raise PluginError(
            "\n".join(
                str(
                    violation(
                        "include-resolves", f"{project.rel(path)}:{n}", f"no '{t}'"
                    )
                )
                for n, t in missing
            )
        )
    for key, value in FACTS.items():
        markdown = markdown.replace("{{ " + key + " }}", value)
    if "{{ sections_table }}" in markdown:
        markdown = markdown.replace(
            "{{ sections_table }}", sections_table(project, path)
        )
    if "{{ corrections }}" in markdown:
        markdown = markdown.replace(
            "{{ corrections }}", corrections_markdown(project, path)
        )
    if path in project.question_pages():
        markdown = add_exercise_boxes(markdown, project, path)
    return markdown


H2 = re.compile(r'(<h2\b[^>]*\bid="(?P<id>[^"]+)"[^>]*>.*?</h2>)', re.S)
CODE_BLOCK = re.compile(r'(<div class="language-[\w-]+ highlight")')


def on_page_content(content, page, config, files):
    if Path(page.file.abs_src_path) not in PROJECT[0].question_pages():
        return pin_docs_links(content)
    if page.file.src_uri.endswith(".md"):
        QUESTION_URLS[page.url] = [
            f"{page.url}#{m.group('id')}" for m in H2.finditer(content)
        ]
        QUESTIONS.extend(question_entries(PROJECT[0], page))
    repo = config["repo_url"].rstrip("/")

    def report(m: re.Match) -> str:
        qid = m.group("id")
        query = urlencode(
            {
                "template": "wrong-answer.yml",
                "title": f"Wrong answer: {page.file.src_uri}#{qid}",
                "question": f"{page.file.src_uri}#{qid}",
            }
        )
        links = [
            f'<a href="{html.escape(repo)}/issues/new?{html.escape(query)}" rel="nofollow">'
            "Report a problem with this answer</a>"
        ]
        key = f"{page.file.src_uri}#{qid}"
        if dates := CORRECTED.get(key):
            href = site_root(page) + f"reference/corrections/#{correction_anchor(key)}"
            links.append(
                f'<a class="qa-corrected" href="{href}" title="Corrected {max(dates)}:'
                f' what the page said and what is true">corrected</a>'
            )
        for title, target in PRACTICE.get(key, []):
            path, _, anchor = target.partition("#")
            href = (
                site_root(page) + Path(path).with_suffix("").as_posix() + f"/#{anchor}"
            )
            links.append(
                f'<a class="qa-practice-link" href="{href}">Write it: {html.escape(title)}</a>'
            )
        level = re.search(r'\bdata-level="([^"]*)"', m.group(1))
        chip = level_chip(level.group(1) if level else "")
        row = f'<div class="qa-report" data-search-exclude>{chip} {" · ".join(links)}</div>'
        cards.append(practice_card(m.group(1), qid))
        return m.group(1) + row

    # Under each heading one quiet row (level, report, corrected, exercise); the grade buttons
    # after the answer, where a reader grades what was read.
    cards: list[str] = []
    content = H2.sub(report, content)
    starts = [m.start() for m in H2.finditer(content)][1:] + [len(content)]
    for at, card in reversed(list(zip(starts, cards, strict=False))):
        content = content[:at] + card + content[at:]
    if first := H2.search(content):  # the practice toolbar, before the first question
        n = len(H2.findall(content))
        content = (
            content[: first.start()]
            + practice_toolbar(site_root(page), n)
            + content[first.start() :]
        )
    content = exercise_states(content)
    content = size_blocks(
        mark_output(CODE_BLOCK.sub(r"\1 data-search-exclude", content))
    )
    return pin_docs_links(content)


EXERCISE_HTML = re.compile(
    r'<div class="admonition example qa-exercise">.*?(?=</div>)', re.S
)


def exercise_states(content: str) -> str:
    """In each exercise's box, the reader's state of it (docs/assets/practice.js keeps it on
    the reader's device): attempted or solved, set by two buttons, keyed by the question's id."""
    ids = [(m.start(), m.group("id")) for m in H2.finditer(content)]

    def row(m: re.Match) -> str:
        qid = [i for at, i in ids if at < m.start()][-1]
        buttons = "".join(
            f'<button type="button" class="qa-exstate__button" data-state="{state}"'
            f' aria-pressed="false">{label}</button>'
            for state, label in (
                ("attempted", "I attempted it"),
                ("solved", "My code passed"),
            )
        )
        return (
            m.group(0)
            + f'<p class="qa-exstate" data-exercise="{qid}" data-search-exclude>'
            + '<span class="qa-exstate__now" data-key="">Not attempted yet</span> '
            + '<span class="qa-exstate__buttons" role="group" aria-label="Your state of'
            + f' this exercise">{buttons}</span></p>\n'
        )

    return EXERCISE_HTML.sub(row, content)


# What a print wrote, shown under it as `# > ...` (a comment, so the copied program still runs):
# Pygments makes it a comment span; the site shows it as output (docs/assets/extra.css, qa-out).
OUTPUT_LINE = re.compile(r'<span class="c1"># &gt;(?P<text>(?: [^<]*)?)</span>')


# A block's line count, so that its size before it is laid out (docs/assets/extra.css,
# content-visibility) is close to its real one: a page whose blocks all had one estimate moved by
# thousands of pixels as a reader (or a link to the footer) scrolled through it.
BLOCK_BODY = re.compile(
    r'(<div class="language-[\w-]+ highlight")([^>]*>)(.*?</code></pre>)', re.S
)


def size_blocks(html_text: str) -> str:
    return BLOCK_BODY.sub(
        lambda m: f'{m[1]} style="--qa-lines: {m[3].count(chr(10))}"{m[2]}{m[3]}',
        html_text,
    )


def mark_output(html_text: str) -> str:
    return OUTPUT_LINE.sub(
        r'<span class="c1 qa-out"><span class="qa-out__mark"># &gt;</span>\g<text></span>',
        html_text,
    )


# The practice controls are in the page as built, so that nothing moves when
# docs/assets/practice.js, which gives them their behaviour, runs; it marks the
# toolbar data-ready once they work. Material's search skips a data-search-exclude
# element only up to the first end tag of the same name (it compares elements by tag),
# so neither holds an element of its own tag.
def level_chip(level: str) -> str:
    if level not in LEVELS:
        return ""
    return (
        f'<span class="qa-level" data-level="{level}"'
        f' title="{LEVELS[level]}: {LEVEL_MEANING[level]}">'
        f'<span class="qa-sr-only">Level: </span>{LEVELS[level]}</span>'
    )


def practice_card(heading: str, qid: str) -> str:
    title = html.unescape(re.sub(r"<[^>]+>", "", re.sub(
        r'<a class="headerlink".*?</a>', "", heading, flags=re.S)
    )).strip()  # fmt: skip
    buttons = "".join(
        f'<button type="button" class="qa-grade__button" data-grade="{g}"'
        f' aria-pressed="false">{label}</button>'
        for g, label in GRADES.items()
    )
    return (
        f'<div class="qa-card" data-question="{qid}" data-search-exclude>'
        + '<span class="qa-card__last" data-key="">Not graded yet</span>'
        + '<span class="qa-grade" role="group"'
        + f' aria-label="Grade yourself on: {html.escape(title)}">'
        + '<span class="qa-grade__label" aria-hidden="true">Grade:</span>'
        + buttons
        + "</span></div>"
    )


def practice_toolbar(root: str, questions: int) -> str:
    levels = "".join(
        f'<label class="qa-practice__level"><input type="checkbox" value="{level}">'
        f" {level_chip(level)}</label>"
        for level in LEVELS
    )
    options = "".join(
        f'<option value="{f}">{label}</option>' for f, label in PROGRESS_FILTERS.items()
    )
    plural = "question" if questions == 1 else "questions"
    return (
        '<section class="qa-practice" role="group" aria-label="Practice" data-search-exclude>'
        '<div class="qa-practice__row">'
        '<button type="button" class="md-button qa-practice__toggle" aria-pressed="false"'
        ' title="Hide every answer and reveal them one at a time">Practice mode</button>'
        '<button type="button" class="md-button qa-practice__random">'
        "Random question</button>"
        '<label class="qa-sr-only" for="qa-practice-scope">Random question from</label>'
        '<select class="qa-practice__scope" id="qa-practice-scope">'
        + "".join(f'<option value="{k}">{v}</option>' for k, v in RANDOM_SCOPES.items())
        + "</select></div>"
        '<fieldset class="qa-practice__levels" hidden>'
        f"<legend>Practise the levels</legend>{levels}</fieldset>"
        '<div class="qa-practice__row"><label for="qa-practice-filter">Show</label>'
        f'<select class="qa-practice__filter" id="qa-practice-filter">{options}</select>'
        "</div>"
        '<p class="qa-practice__status">Your progress on this page: 0 of '
        f"{questions} {plural} graded. </p>"
        f'<p class="qa-practice__more"><a class="qa-practice__mock" href="{root}'
        'mock-interview/">Mock interview, and export, import or clear your progress'
        "</a></p></section>"
    )


STABLE_DOCS = "https://docs.pytorch.org/docs/stable/"


def pin_docs_links(html_text: str) -> str:
    """torch's docs at the pinned release, not at whatever `stable` serves when a reader clicks:
    a page writes docs/stable/, the site links docs/<major.minor>/ of requirements.txt's torch."""
    version = ".".join(FACTS["torch_version"].split(".")[:2])
    return html_text.replace(STABLE_DOCS, f"https://docs.pytorch.org/docs/{version}/")


NAV: list = []  # the pages in the nav's order (on_nav)


def on_nav(nav, config, files):
    NAV[:] = list(nav.pages)
    return nav


def nav_pages(config) -> list:
    return NAV


def plain(markdown_title: str) -> str:
    return re.sub(r"`([^`]*)`", r"\1", markdown_title)


def question_entries(project: Project, page) -> list[dict]:
    """What the reader's tools know of each question on the page (assets/questions.json)."""
    path = Path(page.file.abs_src_path)
    section = next(
        (title for title, p in project.sections if p.parent in path.parents),
        page.title or "",
    )
    return [
        {
            "url": f"{page.url}#{q.id}",
            "id": q.id,
            "title": plain(q.title),
            "section": section,
            "page": page.title or section,
            "level": q.level_name,
            "exercise": any(
                exercises.is_exercise(project.include_target(t))
                for _, t, _ in includes("\n".join(q.body))
                if project.include_target(t).is_file()
            ),
        }
        for q in project.questions(path)
        if q.id
    ]


@event_priority(-100)  # after the search plugin wrote its index
def on_post_build(config):
    site = Path(config["site_dir"])
    # In the nav's order, and each page's questions in page order.
    order = {p.url: i for i, p in enumerate(nav_pages(config))}
    entries = sorted(
        QUESTIONS, key=lambda q: order.get(q["url"].split("#")[0], len(order))
    )
    (site / "assets" / "questions.json").write_text(
        json.dumps(entries), encoding="utf-8"
    )
    # A question page's own entry (its title) would outrank its questions, which
    # Material then folds away under
    # "N more on this page": the questions are the results.
    index = site / "search" / "search_index.json"
    if index.exists():
        data = json.loads(index.read_text(encoding="utf-8"))
        for entry in data["docs"]:
            if entry["location"] in QUESTION_URLS:
                entry["boost"] = 0.2
        index.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
