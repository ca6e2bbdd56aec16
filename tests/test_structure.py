"""The rules a page and a snippet must follow. Each failure names the file and line to fix.

One rule per test, all in this file: fences, includes, orphans, ids, snippets per question, lint.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pytest_codeblocks import extract_from_buffer

from tests.pagecode import OUTPUT, rel, snippets_config
from tools import qa
from tools.new_question import UNFINISHED

PAGES = sorted(qa.DOCS.rglob("*.md"))
INCLUDE = qa.INCLUDE
PYTHONISH = re.compile(r"^\{?\.?(py|python\d?|pycon|ipython\d?|python-?console)\b", re.I)
RUN_BY_PYTEST_CODEBLOCKS = {"sh", "bash", "zsh"}
ALLOWED = {"python", "console", "text", "yaml", "json", "toml", "ini", "diff"}
ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_TEXT_ONLY = 5


def fences(page: Path):
    """The page's fences as written (not expanded), as pytest-codeblocks sees them."""
    try:
        return extract_from_buffer(io.StringIO(page.read_text(encoding="utf-8")))
    except RuntimeError as e:  # pytest-codeblocks' own complaints: an unknown comment keyword, an open fence
        return [f"{rel(page)}: pytest-codeblocks cannot read this page: {e}"]


def includes(page: Path):
    return qa.includes(page.read_text(encoding="utf-8"))


def report(problems: list[str]) -> None:
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_fence_info_strings_are_exactly_what_the_collector_runs():
    problems = []
    for page in PAGES:
        for block in fences(page):
            if isinstance(block, str):
                problems.append(block)
                continue
            where = f"{rel(page)}:{block.lineno}"
            raw = block.syntax or ""
            syntax = raw.strip()
            if syntax in RUN_BY_PYTEST_CODEBLOCKS:
                problems.append(f"{where}: ```{syntax} fences are not run here; show commands in a ```console fence")
            elif raw != "python" and PYTHONISH.match(syntax):
                problems.append(
                    f"{where}: fence info string '{raw}' is not exactly 'python': the tests would skip this block"
                )
            elif syntax not in ALLOWED:
                problems.append(f"{where}: fence info string '{syntax}' is not one of {sorted(ALLOWED)}")
            if block.expected_output is not None:
                problems.append(f"{where}: show output as # > lines in the snippet, not in an expected-output block")
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
            if re.match(r"^\s*~~~", line):
                problems.append(f"{rel(page)}:{n}: a ~~~ fence, which the tests do not see: use ``` fences")
    report(problems)


def test_python_fences_hold_only_includes():
    problems = []
    for page in PAGES:
        for block in fences(page):
            if isinstance(block, str) or block.syntax != "python":
                continue
            lines = block.code.splitlines()
            for offset, line in enumerate(lines, start=1):
                if line.strip() and not INCLUDE.match(line):
                    problems.append(
                        f"{rel(page)}:{block.lineno + offset}: Python written inline on the page; move it into "
                        f"snippets/{page.relative_to(qa.DOCS).parts[0]}/<name>.py and include it"
                    )
                    break
            if not any(INCLUDE.match(line) for line in lines):
                problems.append(f"{rel(page)}:{block.lineno}: empty Python fence")
    report(problems)


def test_every_include_resolves_into_the_mirrored_snippets_folder():
    base = [Path(b) for b in snippets_config()["base_path"]]
    problems = [m for page in PAGES for m in qa.missing_includes(page)]
    for page in PAGES:
        section = page.relative_to(qa.DOCS).parts[0]
        for n, target, part in includes(page):
            found = next((b / target for b in base if (b / target).is_file()), None)
            where = f"{rel(page)}:{n}"
            if found is None:
                continue  # reported by qa.missing_includes above
            if part and not re.match(r"^[\d:,-]+$", part):
                marker = re.compile(rf"--8<--\s*\[\s*start\s*:\s*{re.escape(part)}\s*\]")
                if not marker.search(found.read_text(encoding="utf-8")):
                    problems.append(f"{where}: section '{part}' not found in {rel(found)}")
            if page.parent != qa.DOCS and not target.startswith(f"{section}/"):
                problems.append(f"{where}: a page under docs/{section}/ includes snippets from snippets/{section}/")
    report(problems)


def test_every_snippet_is_included_by_a_page():
    included = {(qa.SNIPPETS / target).resolve() for page in PAGES for _, target, _ in includes(page)}
    orphans = [f"{rel(p)}:1: no page includes this snippet" for p in qa.snippet_files() if p.resolve() not in included]
    report(orphans)


def test_every_question_has_an_explicit_unique_id():
    problems, seen = [], {}
    for page in PAGES:
        for q in qa.questions(page):
            if q.id is None:
                problems.append(f"{q.where}: '## {q.title}' needs an explicit id, e.g. {{ #my-question }}")
            elif not ID.match(q.id):
                problems.append(f"{q.where}: id '{q.id}' must be lowercase words joined by '-'")
            elif q.id in seen:
                problems.append(f"{q.where}: id '{q.id}' is already used at {seen[q.id]}")
            else:
                seen[q.id] = q.where
    report(problems)


def test_every_question_has_a_snippet_unless_marked_text_only():
    problems = []
    text_only = [q for q in qa.all_questions() if q.text_only]
    for q in qa.all_questions():
        has_include = any(INCLUDE.match(line) for line in q.body)
        if not has_include and not q.text_only:
            problems.append(f"{q.where}: '{q.title}' has no included snippet (or mark it {{ .text-only }})")
        if has_include and q.text_only:
            problems.append(f"{q.where}: '{q.title}' is marked text-only but includes a snippet")
    if len(text_only) > MAX_TEXT_ONLY:
        problems.append(
            f"{len(text_only)} text-only questions, at most {MAX_TEXT_ONLY}: " + ", ".join(q.where for q in text_only)
        )
    report(problems)


# The code a reader copies: the snippets and the walkthrough notebooks' sources.
READER_CODE = ["snippets", "docs/walkthroughs"]


@pytest.mark.parametrize("check", [["check"], ["format", "--check", "--diff"]], ids=["lint", "format"])
def test_reader_code_passes_ruff(check):
    proc = subprocess.run(
        [sys.executable, "-m", "ruff", *check, "--no-cache", *READER_CODE], cwd=qa.ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, f"ruff {' '.join(check)} {' '.join(READER_CODE)}:\n{proc.stdout}{proc.stderr}"


def test_no_question_is_left_unfinished():
    problems = []
    for q in qa.all_questions():
        lines = [q.title, *q.body]
        for offset, line in enumerate(lines):
            if UNFINISHED in line:
                where = f"{rel(q.page)}:{q.line + offset}"
                problems.append(f"{where}: unfinished question #{q.id}: replace the {UNFINISHED} placeholders")
                break
    for path in qa.snippet_files():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if UNFINISHED in line:
                problems.append(f"{rel(path)}:{n}: unfinished snippet: replace the {UNFINISHED} placeholder")
                break
    report(problems)


def shown_text() -> str:
    """Everything the snippets print, as shown on the pages, with whitespace collapsed."""
    lines = []
    for path in qa.snippet_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            m = OUTPUT.match(line)
            if m:
                lines.append(m.group("text") or "")
    return re.sub(r"\s+", " ", " ".join(lines))


def test_every_message_on_the_errors_page_is_printed_by_a_snippet():
    """The Common errors page quotes only messages a snippet really printed (CUDA-only ones are marked)."""
    page = qa.DOCS / "reference" / "errors.md"
    printed = shown_text()
    problems = []
    for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        m = re.match(r"^\|\s*(`+)\s?(?P<message>.+?)\s?\1", line)
        if not m or "(*CUDA*)" in line:
            continue
        message = re.sub(r"\s+", " ", m.group("message"))
        if message not in printed:
            problems.append(f"{rel(page)}:{n}: no snippet prints {message!r}")
    report(problems)


def test_every_question_carries_its_search_terms():
    """The hidden qa-search line: API names, paraphrases and error messages a reader would type (CONTRIBUTING.md)."""
    problems = [
        f"{q.where}: '{q.title}' has no <p class=\"qa-search\" hidden>...</p> line with its search terms"
        for q in qa.all_questions()
        if not any(line.startswith('<p class="qa-search" hidden>') for line in q.body)
    ]
    report(problems)
